// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/tensor/safetensors.h"

#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>

namespace kwb {
namespace {
const std::pair<DType, const char*> kNames[] = {
    { DType::Float64, "F64" },
    { DType::Float32, "F32" },
    { DType::Float16, "F16" },
    { DType::BFloat16, "BF16" },
    { DType::Float8E4M3FN, "F8_E4M3" },
    { DType::Float8E5M2, "F8_E5M2" },
    { DType::Int64, "I64" },
    { DType::Int32, "I32" },
    { DType::Int16, "I16" },
    { DType::Int8, "I8" },
    { DType::UInt8, "U8" },
    { DType::Bool, "BOOL" },
};

Error stError(const QString& file, std::uint64_t at, const QString& what)
{
    return Error { file, QStringLiteral("byte %1").arg(at), what, {}, 0 };
}

bool isUInt(const nlohmann::json& v)
{
    return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
}
} // namespace

QString safetensorsDTypeName(DType t)
{
    for (const auto& [type, name] : kNames) {
        if (type == t)
            return QString::fromLatin1(name);
    }
    return {};
}

Result<std::vector<Tensor>> parseSafetensors(const std::byte* bytes, std::size_t size, const QString& file)
{
    if (size < 8)
        return stError(file, 0, QStringLiteral("not a .safetensors file (shorter than its 8-byte header length)"));
    std::uint64_t headerLen = 0;
    for (int i = 0; i < 8; ++i)
        headerLen |= std::uint64_t(bytes[i]) << (8 * i);
    if (headerLen > size - 8)
        return stError(file, 0,
            QStringLiteral("truncated header: declares %1 bytes, the file has %2 after byte 8")
                .arg(headerLen)
                .arg(size - 8));
    const char* text = reinterpret_cast<const char*>(bytes + 8);
    nlohmann::json header;
    try {
        header = nlohmann::json::parse(text, text + headerLen);
    } catch (const nlohmann::json::parse_error& e) {
        return stError(file, 8 + (e.byte > 0 ? e.byte - 1 : 0), QStringLiteral("header is not valid JSON"));
    } catch (const nlohmann::json::exception&) { // e.g. a number too large for any C++ type
        return stError(file, 8, QStringLiteral("header is not valid JSON (a value is out of range)"));
    }
    if (!header.is_object())
        return stError(file, 8, QStringLiteral("header is not a JSON object"));
    const std::uint64_t dataStart = 8 + headerLen;
    const std::uint64_t dataSize = size - dataStart;
    std::vector<Tensor> tensors;
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (it.key() == "__metadata__")
            continue;
        const QString name = QString::fromStdString(it.key());
        const auto& v = it.value();
        auto bad
            = [&](const QString& what) { return stError(file, 8, QStringLiteral("tensor '%1': %2").arg(name, what)); };
        if (!v.is_object() || !v.contains("dtype") || !v.contains("shape") || !v.contains("data_offsets"))
            return bad(QStringLiteral("expected an object with dtype, shape and data_offsets"));
        const auto& dt = v["dtype"];
        const auto& sh = v["shape"];
        const auto& off = v["data_offsets"];
        if (!dt.is_string())
            return bad(QStringLiteral("dtype is not a string"));
        std::optional<DType> dtype;
        for (const auto& [type, n] : kNames) {
            if (dt.get<std::string>() == n)
                dtype = type;
        }
        if (!dtype)
            return bad(QStringLiteral("unsupported dtype '%1'").arg(QString::fromStdString(dt.get<std::string>())));
        Tensor t;
        t.dtype = *dtype;
        t.file = file;
        t.name = name;
        if (!sh.is_array() || sh.size() > 64)
            return bad(QStringLiteral("shape is not an array of at most 64 dimensions"));
        for (const auto& d : sh) {
            if (!isUInt(d) || d.get<std::uint64_t>() > (std::uint64_t(1) << 62))
                return bad(QStringLiteral("shape holds something other than a dimension"));
            t.shape.push_back(std::int64_t(d.get<std::uint64_t>()));
        }
        const auto count = checkedElementCount(t.shape, dtypeSize(t.dtype));
        if (!count)
            return bad(QStringLiteral("shape %1 is too large").arg(t.shapeText()));
        if (!off.is_array() || off.size() != 2 || !isUInt(off[0]) || !isUInt(off[1]))
            return bad(QStringLiteral("data_offsets is not [begin, end]"));
        const std::uint64_t begin = off[0].get<std::uint64_t>();
        const std::uint64_t end = off[1].get<std::uint64_t>();
        if (begin > end)
            return bad(QStringLiteral("data_offsets [%1, %2] run backwards").arg(begin).arg(end));
        if (end > dataSize)
            return stError(file, dataStart + begin,
                QStringLiteral("tensor '%1': truncated data: ends at byte %2, the file has %3 bytes")
                    .arg(name)
                    .arg(dataStart + end)
                    .arg(size));
        const std::uint64_t need = std::uint64_t(*count) * dtypeSize(t.dtype);
        if (end - begin != need)
            return stError(file, dataStart + begin,
                QStringLiteral("tensor '%1': shape %2 of %3 needs %4 bytes, data_offsets give %5")
                    .arg(name, t.shapeText(), dtypeName(t.dtype))
                    .arg(need)
                    .arg(end - begin));
        t.dataOffset = dataStart + begin;
        t.data = bytes + t.dataOffset;
        tensors.push_back(std::move(t));
    }
    // nlohmann::json sorts keys; the file's data order is the natural order to report.
    std::sort(
        tensors.begin(), tensors.end(), [](const Tensor& a, const Tensor& b) { return a.dataOffset < b.dataOffset; });
    return tensors;
}

Status writeSafetensors(const QString& path, const std::vector<Tensor>& tensors)
{
    nlohmann::json header = nlohmann::json::object();
    std::uint64_t offset = 0;
    for (const auto& t : tensors) {
        const std::uint64_t n = t.byteSize();
        header[t.name.toStdString()] = { { "dtype", safetensorsDTypeName(t.dtype).toStdString() }, { "shape", t.shape },
            { "data_offsets", { offset, offset + n } } };
        offset += n;
    }
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' '); // keep the data 8-byte aligned, as the reference writer does
    QByteArray out;
    const std::uint64_t len = text.size();
    for (int i = 0; i < 8; ++i)
        out.append(char((len >> (8 * i)) & 0xFF));
    out.append(text.data(), qsizetype(text.size()));
    for (const auto& t : tensors)
        out.append(reinterpret_cast<const char*>(t.data), qsizetype(t.byteSize()));
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(out) != out.size() || !f.commit())
        return Error { path, {}, QStringLiteral("cannot write: %1").arg(f.errorString()), {}, 0 };
    return Ok {};
}

} // namespace kwb
