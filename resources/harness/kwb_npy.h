// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Minimal .npy reading and writing for the runner harness. Plain C++17, no dependencies: this file is
// compiled on the execution host (possibly a remote GPU machine without the workbench installed).
// Reads little-endian, C-order arrays (what the workbench writes); writes format 1.0.
#pragma once

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace kwbh {

struct Array {
    std::string descr; // e.g. "<f4", "|u1", "<V2" (the workbench's bfloat16)
    std::vector<int64_t> shape;
    std::vector<unsigned char> data;
};

inline int64_t elementCount(const std::vector<int64_t>& shape)
{
    int64_t n = 1;
    for (int64_t d : shape) {
        if (d < 0 || (d > 0 && n > INT64_MAX / d))
            throw std::runtime_error("shape overflows 64 bits");
        n *= d;
    }
    return n;
}

inline std::string headerValue(const std::string& h, const std::string& key)
{
    const auto k = h.find("'" + key + "'");
    if (k == std::string::npos)
        throw std::runtime_error("npy header has no '" + key + "'");
    auto p = h.find(':', k);
    if (p == std::string::npos)
        throw std::runtime_error("npy header: no value for '" + key + "'");
    ++p;
    while (p < h.size() && h[p] == ' ')
        ++p;
    const char open = p < h.size() ? h[p] : '\0';
    const char close = open == '\'' ? '\'' : open == '(' ? ')' : ',';
    const auto e = h.find(close, p + 1);
    if (e == std::string::npos)
        throw std::runtime_error("npy header: unterminated value for '" + key + "'");
    return open == ',' ? h.substr(p, e - p) : h.substr(p + 1, e - p - 1);
}

inline Array readNpy(const std::string& path, std::size_t itemSize)
{
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        throw std::runtime_error(path + ": cannot open");
    struct Closer {
        std::FILE* f;
        ~Closer() { std::fclose(f); }
    } closer { f };
    unsigned char magic[8];
    if (std::fread(magic, 1, 8, f) != 8 || magic[0] != 0x93
        || std::string(reinterpret_cast<char*>(magic) + 1, 5) != "NUMPY")
        throw std::runtime_error(path + ": byte 0: not an .npy file");
    uint32_t headerLen = 0;
    if (magic[6] == 1) {
        unsigned char b[2];
        if (std::fread(b, 1, 2, f) != 2)
            throw std::runtime_error(path + ": byte 8: truncated header length");
        headerLen = b[0] | (b[1] << 8);
    } else {
        unsigned char b[4];
        if (std::fread(b, 1, 4, f) != 4)
            throw std::runtime_error(path + ": byte 8: truncated header length");
        headerLen = b[0] | (b[1] << 8) | (b[2] << 16) | (uint32_t(b[3]) << 24);
    }
    if (headerLen > (1u << 20))
        throw std::runtime_error(path + ": byte 8: header length " + std::to_string(headerLen) + " is implausible");
    std::string header(headerLen, '\0');
    if (std::fread(&header[0], 1, headerLen, f) != headerLen)
        throw std::runtime_error(path + ": truncated header");
    Array a;
    a.descr = headerValue(header, "descr");
    if (headerValue(header, "fortran_order").find("True") != std::string::npos)
        throw std::runtime_error(path + ": Fortran order is not accepted by the harness");
    const std::string shape = headerValue(header, "shape");
    std::size_t p = 0;
    while (p < shape.size()) {
        while (p < shape.size() && (shape[p] == ' ' || shape[p] == ','))
            ++p;
        if (p >= shape.size())
            break;
        std::size_t used = 0;
        a.shape.push_back(std::stoll(shape.substr(p), &used));
        p += used;
    }
    const int64_t count = elementCount(a.shape);
    if (count > 0 && static_cast<uint64_t>(count) > UINT64_MAX / itemSize)
        throw std::runtime_error(path + ": size overflows");
    a.data.resize(static_cast<std::size_t>(count) * itemSize);
    if (!a.data.empty() && std::fread(a.data.data(), 1, a.data.size(), f) != a.data.size())
        throw std::runtime_error(path + ": truncated data (expected " + std::to_string(a.data.size()) + " bytes)");
    return a;
}

inline void writeNpy(const std::string& path, const std::string& descr, const std::vector<int64_t>& shape,
    const void* data, std::size_t bytes)
{
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += std::to_string(shape[i]) + (shape.size() == 1 ? "," : (i + 1 < shape.size() ? ", " : ""));
    s += ")";
    std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + s + ", }";
    const std::size_t total = 10 + header.size() + 1;
    header.append((64 - total % 64) % 64, ' ');
    header += '\n';
    const std::string tmp = path + ".part";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f)
        throw std::runtime_error(path + ": cannot create");
    const unsigned char preamble[10] = { 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
        static_cast<unsigned char>(header.size() & 0xFF), static_cast<unsigned char>(header.size() >> 8) };
    bool ok = std::fwrite(preamble, 1, 10, f) == 10 && std::fwrite(header.data(), 1, header.size(), f) == header.size()
        && (bytes == 0 || std::fwrite(data, 1, bytes, f) == bytes);
    ok = (std::fclose(f) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0)
        throw std::runtime_error(path + ": write failed");
}

} // namespace kwbh
