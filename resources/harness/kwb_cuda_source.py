# SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""What the C++/CUDA source of a torch extension does (for kwb_kernel_scan.py; plain python3, never compiles it).

A `load_inline`/`cpp_extension.load` build is a kernel only when its source defines a `__global__` function AND
launches it (`name<<<...>>>(...)`, `cudaLaunchKernel(name, ...)`, `hipLaunchKernelGGL(name, ...)`, ...). Its host
functions are read for what the KernelBench adversarial kernels do instead of work: return a `torch::empty` they
never write, zero or fill their inputs, or run a library call on a stream they created and never join.
"""
import re

LAUNCH_APIS = ("cudaLaunchKernel", "cudaLaunchKernelEx", "cudaLaunchCooperativeKernel", "hipLaunchKernelGGL",
               "hipLaunchKernel", "cudaLaunchKernelExC")
ALLOCATIONS = ("empty", "empty_like", "zeros", "zeros_like", "ones", "ones_like", "full", "full_like", "empty_strided")
INPLACE_WRITES = ("zero_", "fill_", "copy_", "mul_", "add_", "sub_", "div_", "normal_", "uniform_", "random_",
                  "clamp_", "index_put_", "masked_fill_")
STREAM_CREATION = ("cudaStreamCreate", "cudaStreamCreateWithFlags", "cudaStreamCreateWithPriority",
                   "getStreamFromPool", "hipStreamCreate", "hipStreamCreateWithFlags")
STREAM_JOIN = ("cudaStreamSynchronize", "cudaDeviceSynchronize", "cudaStreamWaitEvent", "cudaStreamDestroy",
               "hipStreamSynchronize", "hipDeviceSynchronize", "hipStreamWaitEvent", "synchronize()",
               "cudaEventSynchronize")
LIBRARY_CALLS = re.compile(r"\b(cublas\w+|cublasLt\w+|cudnn\w+|cusparse\w+|cufft\w+|hipblas\w+|rocblas\w+)\s*\(")
FRAMEWORK_COMPUTE = re.compile(r"\b(?:torch|at)::(matmul|mm|bmm|addmm|conv\w*|linear|softmax|relu|sum|mean|"
                               r"einsum|layer_norm|gelu|exp|add|mul|sigmoid|tanh|max|min|cumsum|sort|topk)\s*\(")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def matching_brace(text, start):
    """The index just after the `}` closing the `{` at `start`, or len(text)."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def global_kernels(text):
    """Names of the `__global__` functions the source defines (with a body)."""
    names = []
    for m in re.finditer(r"\b__global__\b", text):
        head = text[m.end():m.end() + 2000]
        stop = min([i for i in (head.find("{"), head.find(";")) if i >= 0] or [len(head)])
        decl = re.sub(r"__launch_bounds__\s*\([^)]*\)", " ", head[:stop])
        decl = re.sub(r"<[^<>]*>", " ", decl)
        paren = decl.find("(")
        words = re.findall(r"[A-Za-z_]\w*", decl[:paren]) if paren >= 0 else []
        if words and head.find("{") >= 0 and (head.find(";") < 0 or head.find("{") < head.find(";")):
            names.append(words[-1])
    return names


def launched(text, kernels):
    """The kernels of `kernels` the source launches: `k<<<`, `k<T><<<`, or through a launch API."""
    out = set()
    for k in kernels:
        if re.search(r"\b%s\s*(<(?:[^<>]|<[^<>]*>)*>)?\s*<<<" % re.escape(k), text):
            out.add(k)
        elif re.search(r"\b(%s)\s*\([^;]*?\b%s\b" % ("|".join(LAUNCH_APIS), re.escape(k)), text, re.S):
            out.add(k)
    return out


def host_functions(text):
    """{name: (params, body)} of the functions that are not kernels or device functions."""
    out = {}
    for m in re.finditer(r"([A-Za-z_][\w:<>,\s\*&]*?)\b([A-Za-z_]\w*)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*"
                         r"(?:const\s*)?\{", text):
        prefix = m.group(1)
        name = m.group(2)
        if name in ("if", "for", "while", "switch", "catch", "return") or "__global__" in prefix or \
                "__device__" in prefix:
            continue
        body_start = m.end() - 1
        body = text[body_start:matching_brace(text, body_start)]
        params = re.findall(r"([A-Za-z_]\w*)\s*(?:,|$)", m.group(3).strip() + ",")
        out[name] = (params, body)
    return out


def describe_function(name, params, body):
    """What a host function does instead of a kernel launch: {"allocates", "returns", "writes_params",
    "side_stream", "library", "framework_ops", "unwritten_return"}."""
    facts = {"function": name}
    allocated = re.findall(r"(\w+)\s*=\s*(?:torch|at)::(%s)\s*\(" % "|".join(ALLOCATIONS), body)
    facts["allocates"] = sorted({v for v, _ in allocated})
    ret = re.findall(r"\breturn\s+([^;]+);", body)
    facts["returns"] = [r.strip() for r in ret]
    writes = []
    for p in params:
        for op in INPLACE_WRITES:
            if re.search(r"\b%s\s*\.\s*%s\s*\(" % (re.escape(p), op), body):
                writes.append(f"{p}.{op}()")
    returned_names = {r.strip() for r in ret}
    facts["writes_params"] = [w for w in writes if w.split(".")[0] not in returned_names]
    created = [s for s in STREAM_CREATION if re.search(r"\b%s\s*\(" % s, body)]
    joined = [s for s in STREAM_JOIN if s in body]
    facts["side_stream"] = created if created and not joined else []
    facts["library"] = sorted({m.group(1) for m in LIBRARY_CALLS.finditer(body)})[:6]
    facts["framework_ops"] = sorted({m.group(1) for m in FRAMEWORK_COMPUTE.finditer(body)})[:6]
    # A returned allocation the function never hands to anything: no data_ptr, no kernel argument, no library call.
    unwritten = []
    for v in facts["allocates"]:
        if v in returned_names:
            used = re.findall(r"\b%s\b" % re.escape(v), body)
            alloc_only = re.search(r"%s\s*=\s*(?:torch|at)::(?:empty|empty_like|empty_strided)\s*\(" % re.escape(v),
                                   body)
            if alloc_only and len(used) <= 2:  # declared and returned, nothing else
                unwritten.append(v)
    facts["unwritten_return"] = unwritten
    return facts


def analyse(sources, functions=None):
    """The facts of one extension build from its C++/CUDA source texts."""
    text = strip_comments("\n".join(sources))
    kernels = global_kernels(text)
    launches = launched(text, kernels)
    hosts = host_functions(text)
    exposed = [f for f in (functions or []) if f in hosts] or [f for f in hosts if f not in kernels]
    described = [describe_function(f, *hosts[f]) for f in exposed]
    return {"kernels_defined": kernels, "kernels_launched": sorted(launches), "functions": described,
            "any_launch_api": bool(re.search(r"<<<|\b(%s)\s*\(" % "|".join(LAUNCH_APIS + ("cuLaunchKernel",)), text))}


def tricks(facts):
    """(finding id, severity, message) for the work-avoiding tricks a build's host functions show."""
    out = []
    for f in facts["functions"]:
        if f["writes_params"]:
            out.append(("scope.writes-inputs", "error",
                        f"{f['function']} writes its input tensors ({', '.join(f['writes_params'])}) and returns "
                        f"something else: a harness that runs the reference on the same inputs afterwards "
                        f"compares against an answer computed from the overwritten values"))
        if f["unwritten_return"]:
            out.append(("scope.uninitialised-output", "error",
                        f"{f['function']} returns {', '.join(f['unwritten_return'])}, a torch::empty it never hands "
                        f"to a kernel or library: uninitialised memory, which passes only where the allocator "
                        f"returns a block still holding the reference's answer"))
        if f["side_stream"]:
            out.append(("scope.unsynchronised-stream", "warning",
                        f"{f['function']} creates its own stream ({', '.join(f['side_stream'])}) and never joins "
                        f"it to the caller's: its work{' (' + ', '.join(f['library']) + ')' if f['library'] else ''} "
                        f"may still run when a timer that waits on the current stream stops"))
    return out
