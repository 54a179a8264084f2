// The runner's main loop, shared by the C++ and the CUDA runner. The workbench generates a glue file that
// defines kwb_signature and kwb_invoke() for one implementation; this file owns everything else: it reads
// plan.txt, loads each call's inputs from .npy, allocates outputs filled with a poison pattern, calls the
// entry, checks that the inputs were not modified, writes the outputs and a call.json per call, and a
// result.json with provenance. Plain C++17: it is compiled on the execution host, without the workbench.
#pragma once

#include "kwb_npy.h"

#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <unistd.h>

namespace kwbh {

struct TensorSig {
    const char* name;
    const char* descr; // npy descr the workbench reads back with the manifest's dtype
    std::size_t itemSize;
    uint64_t poison; // element pattern for outputs (little-endian, itemSize bytes used)
};

struct Signature {
    const char* impl;
    std::vector<TensorSig> inputs;
    std::vector<TensorSig> outputs;
};

/// What kwb_invoke sees: device (or host) pointers in manifest order, the dims, the stream.
struct Buffers {
    std::vector<void*> in;
    std::vector<void*> out;
    std::map<std::string, int64_t> dims;
    void* stream = nullptr;
    int64_t dim(const char* name) const
    {
        const auto it = dims.find(name);
        if (it == dims.end())
            throw std::runtime_error(std::string("plan gives no value for dim '") + name + "'");
        return it->second;
    }
};

struct Call {
    std::string label, indir, outdir;
    std::map<std::string, int64_t> dims;
    std::map<std::string, std::vector<int64_t>> shapes;
};

inline std::string jsonEscape(const std::string& s)
{
    std::string o;
    for (unsigned char c : s) {
        if (c == '"' || c == '\\')
            o += '\\', o += static_cast<char>(c);
        else if (c == '\n')
            o += "\\n";
        else if (c < 0x20)
            o += ' ';
        else
            o += static_cast<char>(c);
    }
    return o;
}

inline std::vector<Call> readPlan(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path + ": cannot open");
    std::string line, word;
    std::getline(in, line);
    if (line != "kwb-plan 1")
        throw std::runtime_error(path + ": line 1: expected 'kwb-plan 1'");
    std::vector<Call> calls;
    for (int n = 2; std::getline(in, line); ++n) {
        std::istringstream ls(line);
        if (!(ls >> word))
            continue;
        if (word == "call") {
            calls.emplace_back();
            if (!(ls >> calls.back().label >> calls.back().indir >> calls.back().outdir))
                throw std::runtime_error(path + ": line " + std::to_string(n) + ": call needs LABEL INDIR OUTDIR");
        } else if (calls.empty()) {
            throw std::runtime_error(path + ": line " + std::to_string(n) + ": '" + word + "' before any call");
        } else if (word == "dim") {
            std::string name;
            int64_t v = 0;
            if (!(ls >> name >> v))
                throw std::runtime_error(path + ": line " + std::to_string(n) + ": dim needs NAME VALUE");
            calls.back().dims[name] = v;
        } else if (word == "shape") {
            std::string name;
            int64_t d = 0;
            ls >> name;
            auto& s = calls.back().shapes[name];
            while (ls >> d)
                s.push_back(d);
        } else {
            throw std::runtime_error(path + ": line " + std::to_string(n) + ": unknown directive '" + word + "'");
        }
    }
    return calls;
}

inline std::string hostName()
{
    char h[256] = {};
    gethostname(h, sizeof h - 1);
    return h;
}

/// Device-side operations the loop needs; HostBackend (C++) and CudaBackend (CUDA) implement them.
/// Backend: void* alloc(size_t); void free(void*); void upload(void*, const void*, size_t);
/// void download(void*, const void*, size_t); void* stream(); void sync(const char* what) (throws);
/// double timeCall(F&&) (ns); std::string provenanceJson().
template <typename Backend>
int runPlan(Backend& backend, const Signature& sig, void (*invoke)(Buffers&), const std::string& planPath)
{
    std::ofstream result("result.json.part");
    result << "{\"format\": \"kwb.runner-result/1\", \"impl\": \"" << jsonEscape(sig.impl) << "\", \"calls\": [";
    std::string status = "ok", error;
    try {
        const auto calls = readPlan(planPath);
        for (std::size_t c = 0; c < calls.size(); ++c) {
            const Call& call = calls[c];
            Buffers b;
            b.dims = call.dims;
            b.stream = backend.stream();
            std::vector<Array> inputs;
            std::vector<std::size_t> outBytes;
            for (const auto& t : sig.inputs) {
                inputs.push_back(readNpy(call.indir + "/" + t.name + ".npy", t.itemSize));
                b.in.push_back(backend.alloc(inputs.back().data.size()));
                backend.upload(b.in.back(), inputs.back().data.data(), inputs.back().data.size());
            }
            std::vector<std::vector<unsigned char>> host;
            for (const auto& t : sig.outputs) {
                const auto it = call.shapes.find(t.name);
                if (it == call.shapes.end())
                    throw std::runtime_error("plan gives no shape for output '" + std::string(t.name) + "'");
                host.emplace_back(static_cast<std::size_t>(elementCount(it->second)) * t.itemSize);
                for (std::size_t i = 0; i < host.back().size(); i += t.itemSize)
                    std::memcpy(&host.back()[i], &t.poison, t.itemSize);
                b.out.push_back(backend.alloc(host.back().size()));
                backend.upload(b.out.back(), host.back().data(), host.back().size());
            }
            backend.sync("setting up the call");
            std::string callStatus = "ok", callError;
            double ns = 0;
            try {
                ns = backend.timeCall([&] { invoke(b); });
            } catch (const std::exception& e) {
                callStatus = "error";
                callError = e.what();
            }
            std::string modified;
            if (callStatus == "ok") {
                for (std::size_t i = 0; i < sig.outputs.size(); ++i)
                    backend.download(host[i].data(), b.out[i], host[i].size());
                for (std::size_t i = 0; i < sig.inputs.size(); ++i) {
                    std::vector<unsigned char> now(inputs[i].data.size());
                    backend.download(now.data(), b.in[i], now.size());
                    if (now != inputs[i].data)
                        modified += std::string(modified.empty() ? "" : ", ") + "\"" + sig.inputs[i].name + "\"";
                }
                for (std::size_t i = 0; i < sig.outputs.size(); ++i)
                    writeNpy(call.outdir + "/" + sig.outputs[i].name + ".npy", sig.outputs[i].descr,
                        call.shapes.at(sig.outputs[i].name), host[i].data(), host[i].size());
            }
            for (void* p : b.in)
                backend.free(p);
            for (void* p : b.out)
                backend.free(p);
            result << (c ? ", " : "") << "{\"label\": \"" << jsonEscape(call.label) << "\", \"status\": \"" << callStatus
                   << "\", \"error\": \"" << jsonEscape(callError) << "\", \"elapsed_ns\": " << static_cast<int64_t>(ns)
                   << ", \"inputs_modified\": [" << modified << "]}";
            result.flush();
            std::cerr << "kwb-runner: " << call.label << ": " << callStatus << (callError.empty() ? "" : ": ")
                      << callError << "\n";
            if (callStatus != "ok") {
                status = "error";
                error = callError;
                break; // a device fault is sticky: later calls would only repeat it
            }
        }
    } catch (const std::exception& e) {
        status = "error";
        error = e.what();
        std::cerr << "kwb-runner: error: " << error << "\n";
    }
    result << "], \"status\": \"" << status << "\", \"error\": \"" << jsonEscape(error) << "\", \"host\": \""
           << jsonEscape(hostName()) << "\", \"provenance\": " << backend.provenanceJson() << "}\n";
    result.close();
    std::rename("result.json.part", "result.json");
    return status == "ok" ? 0 : 1;
}

} // namespace kwbh
