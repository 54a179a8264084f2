// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How diagnosis reads a log's structure: prefixes of nested output, chained tracebacks, frames, echoed
// source, the layer that printed a line, wrappers and causes, version skew, and how sure it says it is.
#include "core/diagnose/diagnosis.h"
#include "core/diagnose/layers.h"
#include "core/diagnose/logstructure.h"
#include "core/diagnose/prefilter.h"
#include "core/diagnose/ruleset.h"
#include "core/diagnose/softwrap.h"

#include <QTest>

using namespace kwb;
using kwb::detail::LogLevel;

Q_DECLARE_METATYPE(kwb::FailureClass)
Q_DECLARE_METATYPE(kwb::detail::LogLevel)

class TestDiagnoseStructure : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Continuation lines join the line they continue; frames, echoed code and finished sentences stay apart.
    void softWrappedLinesJoin()
    {
        const QByteArray log = "Traceback (most recent call last):\n"
                               "  File \"k.py\", line 3, in call_kernel\n"
                               "    return launch(x)\n"
                               "RuntimeError: jaxlib is version 0.9.0, but this version of jax\n"
                               "requires version >= 0.9.2.\n"
                               "It failed.\n"
                               "  y = f(x)\n"
                               "an error in\n"
                               "  several\n"
                               "  short\n"
                               "  pieces\n"
                               "  here";
        const detail::JoinedLog j = detail::joinSoftWrappedLines(log);
        const QList<QByteArray> lines = j.text.split('\n');
        QCOMPARE(j.joins, 4);
        QCOMPARE(lines.size(), 8);
        QCOMPARE(j.firstLine, (std::vector<int> { 1, 2, 3, 4, 6, 7, 8, 12 }));
        QCOMPARE(lines[2], QByteArray("    return launch(x)"));
        QCOMPARE(lines[3],
            QByteArray("RuntimeError: jaxlib is version 0.9.0, but this version of jax requires version >= 0.9.2."));
        QCOMPARE(lines[6], QByteArray("an error in several short pieces")); // at most kMaxJoinedLines lines
        QCOMPARE(lines[7], QByteArray("  here"));
        QCOMPARE(detail::kMaxJoinedLines, 4);
        QCOMPARE(detail::joinSoftWrappedLines("a\nb").joins, 1);
        QCOMPARE(detail::joinSoftWrappedLines("done.\nnext").joins, 0);
    }

    void prefixes_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("payload");
        QTest::addColumn<LogLevel>("level");
        QTest::addColumn<QString>("tag");
        QTest::newRow("plain") << QStringLiteral("RuntimeError: boom") << QStringLiteral("RuntimeError: boom")
                               << LogLevel::None << QString();
        QTest::newRow("rank") << QStringLiteral("[rank7]: ImportError: x") << QStringLiteral("ImportError: x")
                              << LogLevel::None << QString();
        QTest::newRow("glog-fatal") << QStringLiteral(
            "F0912 11:59:01.941641  741969 shape_tree.cc:54] Check failed: a >= 0")
                                    << QStringLiteral("Check failed: a >= 0") << LogLevel::Fatal
                                    << QStringLiteral("shape_tree.cc");
        QTest::newRow("tf-dated-glog") << QStringLiteral(
            "2024-03-08 23:54:07.022991: F external/xla/xla/hlo/ir/hlo_instruction.h:1830] Check failed: x")
                                       << QStringLiteral("Check failed: x") << LogLevel::Fatal
                                       << QStringLiteral("hlo_instruction.h");
        QTest::newRow("neuronx-cc") << QStringLiteral(
            "2023-07-14T18:16:48Z ERROR 26345 [neuronx-cc]:   File \"neuronxcc/x.py\", line 3, in f")
                                    << QStringLiteral("  File \"neuronxcc/x.py\", line 3, in f") << LogLevel::Error
                                    << QStringLiteral("neuronx-cc");
        QTest::newRow("nrt") << QStringLiteral("2024-Jul-30 14:22:31.244396 65191:69012 ERROR   NRT:nrt_infodump   "
                                               "         Failure: NRT_RESOURCE in nrt_load()")
                             << QStringLiteral("Failure: NRT_RESOURCE in nrt_load()") << LogLevel::Error
                             << QStringLiteral("NRT");
        QTest::newRow("neuron-user-category")
            << QStringLiteral("2025-02-24T00:04:00Z USER 5521 [neuronxcc.driver.CommandDriver]: [NLA001] x")
            << QStringLiteral("[NLA001] x") << LogLevel::None << QStringLiteral("neuronxcc.driver.CommandDriver");
        QTest::newRow("vllm-nested") << QStringLiteral(
            "(EngineCore_DP0 pid=3208) ERROR 04-27 12:56:07 [core.py:968] RuntimeError: x")
                                     << QStringLiteral("RuntimeError: x") << LogLevel::Error
                                     << QStringLiteral("core.py");
        QTest::newRow("journald") << QStringLiteral("Nov 15 07:57:40 host-1 tf_test[6536]: x.h:38: Failure")
                                  << QStringLiteral("x.h:38: Failure") << LogLevel::None << QStringLiteral("tf_test");
        QTest::newRow("pytest") << QStringLiteral("E       AssertionError: Tensor-likes are not close!")
                                << QStringLiteral("AssertionError: Tensor-likes are not close!") << LogLevel::Error
                                << QString();
        QTest::newRow("rank-then-glog-error")
            << QStringLiteral("[rank3]: E1203 08:14:55.120001  4411 gpu_compiler.cc:912] x") << QStringLiteral("x")
            << LogLevel::Error << QStringLiteral("gpu_compiler.cc");
        QTest::newRow("critical-logger") << QStringLiteral("CRITICAL:root:device lost") << QStringLiteral("device lost")
                                         << LogLevel::Fatal << QStringLiteral("root");
        QTest::newRow("message-word-is-not-a-level")
            << QStringLiteral("error: run failed") << QStringLiteral("error: run failed") << LogLevel::None
            << QString();
    }
    void prefixes()
    {
        QFETCH(QString, line);
        QFETCH(QString, payload);
        QFETCH(LogLevel, level);
        QFETCH(QString, tag);
        const detail::LinePrefix p = detail::splitPrefix(line);
        QCOMPARE(line.mid(p.payloadStart), payload);
        QCOMPARE(p.level, level);
        QCOMPARE(p.tag, tag);
        // The cheap question asked before splitting a line must never say no where the split finds an error level.
        if (p.level >= LogLevel::Error)
            QVERIFY(detail::mayStateAnErrorLevel(line));
    }

    // Every structural and layer pattern has literals the prefilter can look for, like every rule, so they
    // cost nothing on lines that cannot match them.
    void patternsHaveRequiredLiterals()
    {
        for (const auto& r : detail::shapeRules())
            QVERIFY2(requiredLiterals(r.pattern).has_value(), r.pattern);
        for (const auto& r : detail::layerRules())
            QVERIFY2(requiredLiterals(r.pattern).has_value(), r.pattern);
    }

    // Patterns compile the first time a line is a candidate for them; one that cannot compile would never match and
    // say nothing, so every one is compiled here.
    void everyPatternCompiles()
    {
        const auto& set = detail::RuleSet::instance();
        QVERIFY(set.patterns.size() > 500);
        for (const auto& p : set.patterns)
            QVERIFY2(p.re.isValid(), qPrintable(QStringLiteral("%1: %2").arg(p.re.pattern(), p.re.errorString())));
    }

    void decisions_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<FailureClass>("expected");
        QTest::addColumn<int>("causeLine");
        QTest::addColumn<int>("wrapperLine"); // 0: none
        const QString inner = QStringLiteral("Traceback (most recent call last):\n"
                                             "  File \"k.py\", line 3, in f\n"
                                             "ValueError: Cannot broadcast tensors of shapes (4,) and (3,)\n"
                                             "\n");
        const QString outer = QStringLiteral("\nTraceback (most recent call last):\n"
                                             "  File \"r.py\", line 9, in g\n"
                                             "RuntimeError: CUDA error: an illegal memory access was encountered");
        // `raise … from`: the second exception reports the first as its cause; the innermost cause decides.
        QTest::newRow("direct-cause-chain")
            << inner + QStringLiteral("The above exception was the direct cause of the following exception:\n") + outer
            << FailureClass::ShapeDtypeMismatch << 3 << 9;
        // Raised while handling another: either may be the failure; the stronger sign decides.
        QTest::newRow("during-handling-chain")
            << inner + QStringLiteral("During handling of the above exception, another exception occurred:\n") + outer
            << FailureClass::IllegalMemoryAccess << 9 << 0;
        // A wrapper that only says a step failed loses to the cause it carries, on the next line or its own.
        QTest::newRow("inductor-wrapper")
            << QStringLiteral("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
                              "ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler'")
            << FailureClass::DriverRuntimeMismatch << 2 << 1;
        QTest::newRow("same-line-wrapper")
            << QStringLiteral("2024-09-20 13:36:05.000005:  766  ERROR ||NEURON_CC_WRAPPER||: Failed compilation with "
                              "['neuronx-cc', 'compile']: walrus_driver: error while loading shared libraries: "
                              "libxml2.so.2: cannot open shared object file: No such file or directory")
            << FailureClass::DriverRuntimeMismatch << 1 << 1;
        // A wrapper that logs a child's output at INFO (a container runner) forwards its uncaught exception: that is
        // the failure, not something a library tried.
        QTest::newRow("exception-forwarded-at-info")
            << QStringLiteral("I0311 09:14:02.118 4471 launcher.py:88] Traceback (most recent call last):\n"
                              "I0311 09:14:02.119 4471 launcher.py:88]   File \"/opt/app/solve.py\", line 12, in main\n"
                              "I0311 09:14:02.119 4471 launcher.py:88] RuntimeError: CUDA error: out of memory")
            << FailureClass::DeviceOom << 3 << 0;
        // Triton's compile error prints the exception as its repr; a call of the stack with another release's
        // signature is version skew in that form too.
        QTest::newRow("signature-skew-in-repr")
            << QStringLiteral("triton.compiler.errors.CompilationError: at 14:20:\n"
                              "    acc += tl.load(x_ptr + offs)\n"
                              "    total = tl.max(acc)\n"
                              "                   ^\n"
                              "TypeError(\"max() missing 1 required positional argument: 'axis'\")")
            << FailureClass::DriverRuntimeMismatch << 5 << 1;
        // What newer targets removed is the source's to change; what only newer targets have is the target's lack.
        QTest::newRow("removed-on-newer-targets") << QStringLiteral(
            "ptxas /tmp/k.ptx, line 88; error   : Instruction 'vote' without '.sync' is not supported "
            "on .target sm_80 and higher from PTX ISA version 6.4\n"
            "ptxas fatal   : Ptx assembly aborted due to errors")
                                                  << FailureClass::CompileError << 1 << 0;
        // An LLVM back end without an instruction of the target for what it was given: the target's gap.
        QTest::newRow("backend-lacks-the-instruction")
            << QStringLiteral("error: Illegal instruction detected: Invalid dpp_ctrl value: row shares are not "
                              "supported on GFX11+\n"
                              "renamable $vgpr4 = V_MOV_B32_dpp killed $vgpr4(tied-def 0), $vgpr2, 336, 15, 15, 0\n"
                              "1 error generated when compiling for gfx1100.")
            << FailureClass::UnsupportedOnTarget << 1 << 3;
        QTest::newRow("only-on-newer-targets") << QStringLiteral(
            "kernel.cu(4): fatal error C1189: #error:  \"cluster launch is only supported for sm_90 and up.\"")
                                               << FailureClass::UnsupportedOnTarget << 1 << 0;
        // An LLVM back end older than the PTX ISA the compiler in front of it asks for.
        QTest::newRow("llvm-older-than-ptx-asked")
            << QStringLiteral("'+ptx87' is not a recognized feature for this target (ignoring feature)")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // A device allocation out of memory, in a message shaped like a compiler's ("pool.cpp:40: Error:").
        QTest::newRow("device-allocation-out-of-memory")
            << QStringLiteral("RuntimeError: Error in allocate at pool.cpp:40: Error: 'err == cudaSuccess' failed: "
                              "cudaMallocManaged of 1073741824 bytes failed (error 2 out of memory)")
            << FailureClass::DeviceOom << 1 << 0;
        // A compiler's internal failure, then the abort it causes.
        QTest::newRow("llvm-unreachable")
            << QStringLiteral("UNREACHABLE executed at /src/lib/Conversion/TritonGPUToLLVM/ReduceOpToLLVM.cpp:211!\n"
                              "Aborted (core dumped)")
            << FailureClass::CompileError << 1 << 0;
        // A graph compiler without an operator the model uses, then the abort it causes.
        QTest::newRow("graph-compiler-unknown-operator") << QStringLiteral(
            "Parsing ONNX File\n"
            "MIGraphX Error: src/onnx/onnx_parser.cpp:281: parse_graph: Unknown operator: GridSample\n"
            "terminate called after throwing an instance of 'std::runtime_error'\n"
            "Aborted (core dumped)") << FailureClass::UnsupportedOnTarget
                                                         << 2 << 0;
        // A header of the toolkit, bundled by a package, that includes one of a runtime package not installed.
        QTest::newRow("toolkit-header-missing-its-include")
            << QStringLiteral("site-packages/cupy/_core/include/cupy/_cuda/cuda-12.2/cuda_bf16.h(87): catastrophic "
                              "error: cannot open source file \"vector_functions.h\"\n"
                              "1 catastrophic error detected in the compilation of \"/tmp/k.cubin.cu\".\n"
                              "Compilation terminated.")
            << FailureClass::DriverRuntimeMismatch << 1 << 3;
        // One component's check on another's version.
        QTest::newRow("component-requires-a-version")
            << QStringLiteral("RuntimeError: Mosaic GPU requires a libcuda version that supports the needed PTX")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // ggml's backend buffer the device has no room for, then the crash it causes.
        QTest::newRow("device-buffer-not-allocated")
            << QStringLiteral("ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9216.00 MiB on device 0: "
                              "cudaMalloc failed\n"
                              "llama_model_load: failed to allocate CUDA0 buffer of size 9663676416\n"
                              "Segmentation fault (core dumped)")
            << FailureClass::DeviceOom << 2 << 0;
        // A debugger's backtrace of a process that aborted, with nothing else said.
        QTest::newRow("backtrace-of-an-abort")
            << QStringLiteral("(gdb) bt\n"
                              "#0  0x00007f2b1c0a8e2c in __pthread_kill_implementation () from /lib/libc.so.6\n"
                              "#1  0x00007f2b1c05afb2 in raise () from /lib/libc.so.6\n"
                              "#2  0x00007f2b1c045472 in abort () from /lib/libc.so.6")
            << FailureClass::Crash << 2 << 0;
        // A launch that needs more shared memory per block than the device has, in a library's words.
        QTest::newRow("shared-memory-per-block-above-the-device")
            << QStringLiteral("terminate called after throwing an instance of 'std::runtime_error'\n"
                              "  what():  Kokkos::Impl::ParallelFor< HIP > could not find a valid execution "
                              "configuration: your kernel requires 98304 bytes of shared memory per block but only "
                              "65536 bytes per block are available.\n"
                              "Aborted (core dumped)")
            << FailureClass::LaunchConfig << 2 << 0;
        // XLA's UNIMPLEMENTED status alone: what this backend has not implemented.
        QTest::newRow("xla-unimplemented-alone")
            << QStringLiteral("jaxlib.xla_extension.XlaRuntimeError: UNIMPLEMENTED: Dot with a contracting dimension "
                              "of size 0 in a batched layout")
            << FailureClass::UnsupportedOnTarget << 1 << 0;
        QTest::newRow("mosaic-unsupported")
            << QStringLiteral("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Mosaic failed to compile TPU kernel: "
                              "unsupported shape cast")
            << FailureClass::UnsupportedOnTarget << 1 << 1;
        // The source line Python echoes under a warning is code, not something that happened.
        QTest::newRow("echoed-source") << QStringLiteral(
            "/usr/lib/jax/lib/xla_bridge.py:130: UserWarning: No GPU/TPU found, falling back to CPU.\n"
            "  warnings.warn('No GPU/TPU found, falling back to CPU.')\n"
            "RuntimeError: Invalid argument: Cannot infer shape for dot operation: f32[1,24] <dot> "
            "f32[1,210]. Contracting dimension sizes do not match.")
                                       << FailureClass::ShapeDtypeMismatch << 3 << 0;
        // A compiler that reports a failure has failed to compile, even in words no rule knows.
        QTest::newRow("neuron-compiler-error-frames")
            << QStringLiteral("2024-03-01T20:56:45Z ERROR 34080 [neuronxcc.driver.CommandDriver]:   File "
                              "\"neuronxcc/starfish/penguin/Frontend.py\", line 138, in tensorizeXla\n"
                              "2024-03-01T20:56:45Z ERROR 34080 [neuronxcc.driver.CommandDriver]:   File "
                              "\"neuronxcc/starfish/penguin/Compile.py\", line 236, in compile_module")
            << FailureClass::CompileError << 1 << 0;
        QTest::newRow("xla-check-failed")
            << QStringLiteral("F external/xla/xla/service/gpu/gpu_performance_model.cc:119] Check failed: a <= b")
            << FailureClass::CompileError << 1 << 0;
        // A glog line names its source file, not its path: a file named after an HLO pass is XLA's compiler, and its
        // failed check is a failed compile, whatever signal the abort then raised.
        QTest::newRow("xla-pass-check-failed")
            << QStringLiteral("F0923 08:31:55.119043    4417 while_loop_simplifier.cc:812] Check failed: "
                              "changed_or.ok() INTERNAL: Cannot remove instruction %get-tuple-element.1188\n"
                              "*** SIGABRT received by PID 4417 (TID 4417) on cpu 61 from PID 4417; stack trace: ***\n"
                              "Aborted (core dumped)")
            << FailureClass::CompileError << 1 << 0;
        QTest::newRow("mlir-crash-frames")
            << QStringLiteral("#26 0x000074269b12951e (anonymous namespace)::ConvertTritonGPUToLLVM::runOnOperation() "
                              "TritonGPUToLLVM.cpp:175:16\n"
                              "#29 0x000074269b495d8b mlir::PassManager::run(mlir::Operation*) Pass.cpp:0:0")
            << FailureClass::CompileError << 1 << 0;
        // A forwarder's own level (TorchServe re-prints the worker's output as INFO) does not hide the program's ERROR.
        QTest::newRow("forwarded-error-level")
            << QStringLiteral("2024-06-13T10:02:41,902 [INFO ] W-9000-bert_1.0-stdout MODEL_LOG - 2024-Jun-13 "
                              "10:02:41.0901 4521:4521 ERROR  TDRV:tdrv_get_dev_info   No neuron device available\n"
                              "Aborted (core dumped)")
            << FailureClass::NoDevice << 1 << 0;
        // neuronx-cc's error code says the compiler refused the graph; the text after it says why.
        QTest::newRow("compiler-code-then-cause")
            << QStringLiteral("[NCC_EVRF013] TopK does not support integer input tensors (int32, int64). Cast the "
                              "input to a floating-point type before calling TopK.")
            << FailureClass::ShapeDtypeMismatch << 1 << 1;
        // A tuner that says every configuration failed: the on-chip overflows before it are its configurations'.
        QTest::newRow("tuner-every-configuration")
            << QStringLiteral("[tune] cfg 0  BLOCK_M=16 ... compiling\n"
                              "[GCA035]  Instruction: I-211-0 with opcode: MatMult couldn't be allocated in SB\n"
                              "[tune] cfg 0  -> FAILED (compile)\n"
                              "RuntimeError: Auto-tuning failed: every configuration was rejected")
            << FailureClass::AutotuneFailure << 4 << 0;
        // A tuner's report of one configuration by its parameters, naming an on-chip overflow: the tuning space.
        QTest::newRow("tuner-configuration-tuple")
            << QStringLiteral("[tune] (TILE_C=128, ROWS=16, DB=True ) ... FAILED  compile: SBUF capacity exceeded by "
                              "input window (231424 B/partition > 196608 B/partition)\n"
                              "[tune] 0/9 configs benchmarked")
            << FailureClass::AutotuneFailure << 1 << 0;
        // A compiler that states the construct it does not handle: that, not the assertion it also prints (its
        // verifier's failure is the wrapper).
        QTest::newRow("compiler-states-unsupported") << QStringLiteral(
            "2026-07-24T13:47:54Z ERROR 444466 [./neuronxcc/walrus/utils/src/cfg.cpp:835]: Assertion "
            "failure: backEdgeAssertCondition\n"
            "2026-07-24T13:47:54Z USER 444466 [ModuleForkPass]: birverifier failed after 0.154 s\n"
            "[INTERNAL_ERROR] [NCC_ICFG018] Loop structures require exactly one internal back-edge as "
            "we currently do not support CONTINUE statements or nested loops.")
                                                     << FailureClass::UnsupportedOnTarget << 3 << 2;
        // A module image the runtime cannot load (built for another arch or toolkit): Triton's and HIP's wording.
        QTest::newRow("runtime-invalid-image")
            << QStringLiteral("    name, asm, shared_mem = _triton.code_gen.compile_ttir(backend, generator.module)\n"
                              "RuntimeError: CUDA: Error- invalid image")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        // A deprecation raised as an error (warnings as errors) is code written against another release; the same
        // warning printed by the warnings module is not the failure.
        QTest::newRow("deprecation-raised")
            << QStringLiteral("test_rmsnorm.py:7: in <module>\n    from torch_neuronx import nki_jit\n"
                              "E   DeprecationWarning: torch_neuronx.nki_jit is deprecated, use nki.jit instead.\n"
                              "!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!")
            << FailureClass::DriverRuntimeMismatch << 3 << 0;
        // A platform missing while a warning on the way states why (its plugin does not fit jaxlib): that mismatch.
        QTest::newRow("warning-explains-missing-platform")
            << QStringLiteral("/venv/lib/python3.11/site-packages/jax/_src/xla_bridge.py:770: RuntimeWarning: "
                              "jax-cuda12-plugin version 0.4.28 is installed, but it is not compatible with the "
                              "installed jaxlib version 0.4.31, so it will not be used.\n"
                              "  warnings.warn(\n"
                              "E   RuntimeError: Unknown backend: 'gpu' requested, but no platforms that are instances "
                              "of gpu are present. Platforms present are: cpu")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // ... but JAX's guess that "a CUDA-enabled jaxlib is not installed", on a node that shows no GPU, is not that.
        QTest::newRow("warning-guesses-missing-platform") << QStringLiteral(
            "CUDA_VISIBLE_DEVICES=\n"
            "WARNING:2024-09-03 14:22:07,118:jax._src.xla_bridge:987: An NVIDIA GPU may be present on "
            "this machine, but a CUDA-enabled jaxlib is not installed. Falling back to cpu.\n"
            "RuntimeError: Unknown backend: 'gpu' requested, but no platforms that are instances of gpu "
            "are present. Platforms present are: cpu") << FailureClass::NoDevice
                                                          << 3 << 0;
        // The stack's own code naming a member another of its parts lacks (Inductor hooking a Triton of another
        // release): a version skew, whether the log kept the frame or only the stack's exception that carries it.
        QTest::newRow("stack-names-what-another-part-lacks") << QStringLiteral(
            "Traceback (most recent call last):\n"
            "  File \"/app/train.py\", line 10, in <module>\n"
            "    out = compiled(x)\n"
            "  File \"/venv/lib/python3.11/site-packages/torch/_inductor/runtime/triton_heuristics.py\", "
            "line 412, in _precompile\n"
            "    hook = CompiledKernel.launch_enter_hook\n"
            "AttributeError: type object 'CompiledKernel' has no attribute 'launch_enter_hook'")
                                                             << FailureClass::DriverRuntimeMismatch << 6 << 0;
        QTest::newRow("stack-exception-carries-what-another-part-lacks") << QStringLiteral(
            "LoweringException: AttributeError: type object 'CompiledKernel' has no attribute 'launch_enter_hook'")
                                                                         << FailureClass::DriverRuntimeMismatch << 1
                                                                         << 1;
        // LLVM's crash banner alone: a compiler crashed (triton-opt here), a failure to compile with no cause named.
        QTest::newRow("compiler-crash-banner")
            << QStringLiteral("PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include "
                              "the crash backtrace.\nStack dump:\n"
                              "0.      Program arguments: ./bin/triton-opt --tritongpu-coalesce ttgir.txt")
            << FailureClass::CompileError << 1 << 0;
        // How the process ended is a consequence: a compiler back end that aborts failed to compile.
        QTest::newRow("compiler-abort") << QStringLiteral(
            "2024-10-05T22:49:01Z ERROR 3808 [job.WalrusDriver.0]: Backend exited with code -6 and "
            "stderr: No existing axis k2 found\nAborted (core dumped)")
                                        << FailureClass::CompileError << 1 << 0;
        // A warning that says how the library goes on ("XLA is disabling parallel compilation, which may slow down
        // compilation") is a sign, never the failure: the compiler's failed check decides; alone, it stands.
        QTest::newRow("handled-warning-below-a-compiler-failure") << QStringLiteral(
            "2025-03-12 10:01:02.123456: W external/xla/xla/service/gpu/nvptx_compiler.cc:760] The NVIDIA driver's "
            "CUDA version is 12.2 which is older than the ptxas CUDA version (12.4.131). Because the driver is older "
            "than the ptxas version, XLA is disabling parallel compilation, which may slow down compilation.\n"
            "2025-03-12 10:01:03.000001: F external/xla/xla/service/algebraic_simplifier.cc:2210] Check failed: "
            "ShapeUtil::Compatible(lhs->shape(), rhs->shape())\n"
            "*** Check failure stack trace: ***\n"
            "    @     0x7f0000001234  xla::AlgebraicSimplifierVisitor::HandleDot()\n"
            "Aborted (core dumped)") << FailureClass::CompileError << 2
                                                                  << 0;
        QTest::newRow("handled-warning-alone") << QStringLiteral(
            "2025-03-12 10:01:02.123456: W external/xla/xla/service/gpu/nvptx_compiler.cc:760] The NVIDIA driver's "
            "CUDA version is 12.2 which is older than the ptxas CUDA version (12.4.131). Because the driver is older "
            "than the ptxas version, XLA is disabling parallel compilation, which may slow down compilation.")
                                               << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // A tuner's report of each candidate by a running count ("cand 1/8 bq=… -> compile failed: … memory space
        // vmem"): on-chip memory too small for a configuration is the tuning space's.
        QTest::newRow("tuner-counted-candidates")
            << QStringLiteral("sweep: 8 configurations\n"
                              "[tune] cand 1/8 bq=1024 bk=1024 -> compile failed: RESOURCE_EXHAUSTED: Ran out of "
                              "memory in memory space vmem while allocating on stack for %fusion.3\n"
                              "[tune] cand 2/8 bq=512 bk=1024 -> compile failed: RESOURCE_EXHAUSTED: Ran out of memory "
                              "in memory space vmem while allocating on stack for %fusion.3\n"
                              "RuntimeError: no valid configuration among 8 candidates")
            << FailureClass::AutotuneFailure << 2 << 0;
        // An accelerator's device node that cannot be opened (busy, not permitted, absent).
        QTest::newRow("device-node-cannot-be-opened")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"/srv/run.py\", line 4, in <module>\n"
                              "    dev = xm.xla_device()\n"
                              "RuntimeError: Failed to create TPU client: open(/dev/accel1): Device or resource busy; "
                              "Couldn't open device: /dev/accel1")
            << FailureClass::NoDevice << 4 << 0;
        // XLA's out-of-memory report's listing of the largest buffers, its first line cut off.
        QTest::newRow("xla-oom-buffer-listing")
            << QStringLiteral("Peak buffers:\n"
                              "\tBuffer 1:\n"
                              "\t\tSize: 3.00GiB\n"
                              "\t\tOperator: op_name=\"jit(step)/dot_general\"\n"
                              "\t\tXLA Label: fusion.7 = f32[1024,786432]{1,0} fusion(p0, p1), kind=kLoop\n"
                              "\t\tShape: f32[1024,786432]")
            << FailureClass::DeviceOom << 1 << 0;
        // A toolchain driver that cannot run a component of its own installation.
        QTest::newRow("toolchain-component-missing")
            << QStringLiteral("$ hipcc -O3 --offload-arch=gfx90a k.hip -o k\n"
                              "Can't exec \"/opt/rocm-6.1.0/llvm/bin/clang\": No such file or directory at "
                              "/opt/rocm-6.1.0/bin/hipcc.pl line 211.\n"
                              "failed to execute: No such file or directory")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        // A file of the stack's own installed package that the package cannot load.
        QTest::newRow("stack-package-file-missing") << QStringLiteral(
            "  File \"/env/lib/python3.10/site-packages/triton/compiler/compiler.py\", line 88, in compile\n"
            "    mod = _link(libs)\n"
            "RuntimeError: Failed to load extern lib libdevice at "
            "/env/lib/python3.10/site-packages/triton/third_party/cuda/lib/libdevice.10.bc")
                                                    << FailureClass::DriverRuntimeMismatch << 3 << 0;
        // The types of two named operands said to have to agree.
        QTest::newRow("operand-types-must-agree")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"/w/test_gemm.py\", line 30, in test_mixed\n"
                              "    out = gemm_kernel(a, b)\n"
                              "TypeError: gemm_kernel: dtypes of lhs (float16) and rhs (float32) tiles must match")
            << FailureClass::ShapeDtypeMismatch << 4 << 0;
        // PTX the driver cannot load (CUDA_ERROR_INVALID_PTX): built by a newer toolkit or for another target.
        QTest::newRow("driver-cannot-jit-the-ptx")
            << QStringLiteral("W0000 00:00:1712.000 kernel_gen/tf_gpu_runtime_wrappers.cc:40] "
                              "'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_INVALID_PTX'\n"
                              "tensorflow.python.framework.errors_impl.InternalError: Failed to load in-memory CUBIN")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // amdgpu's report of a GPU page fault (the VM's protection fault status): a kernel reached memory it may not.
        QTest::newRow("vm-protection-fault") << QStringLiteral(
            "[ 5012.331] amdgpu 0000:03:00.0: amdgpu: [gfxhub] page fault (src_id:0 ring:24 vmid:3 pasid:32771)\n"
            "[ 5012.331] amdgpu 0000:03:00.0: amdgpu:   in page starting at address 0x00007f1c00200000 from client 10\n"
            "[ 5012.331] amdgpu 0000:03:00.0: amdgpu: GCVM_L2_PROTECTION_FAULT_STATUS:0x00301031")
                                             << FailureClass::IllegalMemoryAccess << 1 << 0;
        // A check harness's verdict on one element ("Mismatch at 1048577: 0 != 3.5").
        QTest::newRow("harness-mismatch-at-index") << QStringLiteral("run 3/3: n=2097152\n"
                                                                     "Mismatch at 1048577: 0 != 3.5\n"
                                                                     "FAILED")
                                                   << FailureClass::NumericalMismatch << 2 << 0;
        // A module of the stack without a name another part of it calls (libtpu of another release than JAX's TPU
        // set-up).
        QTest::newRow("stack-module-lacks-a-name") << QStringLiteral(
            "/opt/venv/lib/python3.12/site-packages/jax/_src/cloud_tpu_init.py:86: UserWarning: cloud_tpu_init failed: "
            "AttributeError(\"module 'libtpu' has no attribute 'configure_library_path'\")")
                                                   << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // A library type of a later toolkit that the installed one does not declare (CUDA_R_16BF under CUDA 10.2).
        QTest::newRow("toolkit-library-type-undeclared")
            << QStringLiteral("csrc/gemm_bf16.cu(57): error: identifier \"CUDA_R_16BF\" is undefined\n"
                              "1 error detected in the compilation of \"csrc/gemm_bf16.cu\".\n"
                              "Cuda compilation tools, release 10.2, V10.2.89")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // A release that names the devices it supports and the kind it no longer does.
        QTest::newRow("release-names-the-devices-it-supports")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"/content/run.py\", line 3, in <module>\n"
                              "    import jax.tools.colab_tpu\n"
                              "RuntimeError: As of release 2.0, this library only supports Cloud TPU VMs, not the "
                              "legacy TPU Node architecture.")
            << FailureClass::UnsupportedOnTarget << 4 << 0;
        // JAX's check of an argument's sharding, its message cut before the sizes: a dimension the mesh does not
        // divide.
        QTest::newRow("jit-sharding-the-dimension-does-not-divide") << QStringLiteral(
            "ValueError: One of jit inputs with pytree key path args[0] was given the sharding of "
            "NamedSharding(mesh=Mesh('data': 8), spec=PartitionSpec('data',)), which implies that the global size of "
            "its dim") << FailureClass::ShapeDtypeMismatch << 1 << 0;
        // Triton: a branch that changes a variable's type, inside the compile error that reports it.
        QTest::newRow("branch-changes-a-variables-type")
            << QStringLiteral("triton.compiler.errors.CompilationError: at 12:8:\n"
                              "        if SCALE: acc = acc * scale\n"
                              "        ^\n"
                              "AssertionError('initial value for `acc` is of type <[128], fp16>, but the then block "
                              "redefines it as <[128], fp32>')")
            << FailureClass::ShapeDtypeMismatch << 4 << 1;
        // A conversion the target's lowering lacks, printed as a located compiler diagnostic: the target's gap.
        QTest::newRow("conversion-the-target-lacks")
            << QStringLiteral("/work/kern/fp8_gemm.py:88:31: error: Unsupported conversion from 'f8E5M2' to 'bf16'\n"
                              "        acc += tl.dot(a, b)\n"
                              "                      ^\n"
                              "/work/kern/fp8_gemm.py:88:31: error: failed to legalize operation 'tt.fp_to_fp' that "
                              "was explicitly marked illegal")
            << FailureClass::UnsupportedOnTarget << 1 << 0;
        // The NVPTX back end refusing a target its PTX version predates: a toolkit older than the GPU.
        QTest::newRow("ptx-version-predates-the-target")
            << QStringLiteral("Compiling module jit_matmul\n"
                              "LLVM Fatal Error while compiling target binary for module: jit_matmul\n"
                              "Reason: PTX version 8.5 does not support target 'sm_120a'.\n"
                              "Minimum required PTX version is 8.7.")
            << FailureClass::DriverRuntimeMismatch << 3 << 0;
        // The kernel driver and its user-space library of different releases: why no device was found.
        QTest::newRow("driver-and-its-library-explain-no-device")
            << QStringLiteral("E0101 12:00:01.000 cuda_driver.cc:282] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no "
                              "CUDA-capable device is detected\n"
                              "E0101 12:00:01.000 cuda_diagnostics.cc:310] kernel version 535.104.5 does not match DSO "
                              "version 550.54.14 -- cannot find working devices in this configuration")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        // An NPU's on-chip Unified Buffer too small for a kernel's blocks, under the compile error that reports it.
        QTest::newRow("on-chip-buffer-overflow")
            << QStringLiteral("[compile] kernel rope_fwd: lowering to BiShengHIR\n"
                              "error: ub overflow, requires 3145728 bits while 1572864 bits available\n"
                              "triton.compiler.errors.MLIRCompilationError: compile failed")
            << FailureClass::DeviceOom << 2 << 3;
        // A harness printing the error beside its bound.
        QTest::newRow("error-above-its-bound")
            << QStringLiteral("validating logits for 4 prompts\n"
                              "Check failed at prompt 1 position 7. Max error 0.0625 "
                              "> 0.01\n"
                              "expected: 11.25 actual: 11.1875")
            << FailureClass::NumericalMismatch << 2 << 0;
        // No matrix instruction of this GPU for the dot's types: the target's gap, not the compiler's failure.
        QTest::newRow("no-matrix-instruction-for-the-types") << QStringLiteral(
            "  File \"/opt/venv/lib/python3.10/site-packages/triton/compiler/compiler.py\", line 297, in "
            "compile\n"
            "    next_module = compile_ir(module, metadata)\n"
            "LLVM ERROR: No match found in WMMA database\n"
            "Aborted (core dumped)") << FailureClass::UnsupportedOnTarget
                                                             << 3 << 0;
        // XLA's convolution autotuner failing because no cuDNN could be loaded: the original error decides.
        QTest::newRow("autotuner-over-a-missing-library")
            << QStringLiteral("Original error: UNIMPLEMENTED: DNN library is not found.\n"
                              "\n"
                              "To ignore this failure and try to use a fallback algorithm (which may have suboptimal "
                              "performance), use XLA_FLAGS=--xla_gpu_strict_conv_algorithm_picker=false.  Please also "
                              "file a bug for the root cause of failing autotuning.\n"
                              "\n"
                              "Traceback (most recent call last):\n"
                              "  File \"fit.py\", line 12, in <module>\n"
                              "    params = model.init(key, batch)")
            << FailureClass::DriverRuntimeMismatch << 1 << 1;
        // A kernel stopped by the display driver's watchdog, as MATLAB words it; a harness's run at its limit.
        QTest::newRow("driver-watchdog-in-other-words")
            << QStringLiteral(">> y = arrayfun(@step, gx);\n"
                              "Error using gpuArray/arrayfun\n"
                              "The kernel execution failed because the CUDA driver timeout was encountered.")
            << FailureClass::TimeoutHang << 3 << 0;
        QTest::newRow("run-at-its-limit") << QStringLiteral("[smoke vadd N=1024]  PASS rc=0 elapsed=0.41s\n"
                                                            "[bench scan N=1048576]  HANG (120.00s timeout)")
                                          << FailureClass::TimeoutHang << 2 << 0;
        // XLA's builder refusing an operand's dimensions, below the lowering error that reports it.
        QTest::newRow("operand-dimensions-the-op-cannot-take")
            << QStringLiteral("RuntimeError: Error while lowering: [] aten::cholesky, xla_shape=f32[4,5]{1,0}\n"
                              "XLA builder error: INVALID_ARGUMENT: The two minor dimensions of 'a' must have equal "
                              "size, got f32[4,5].:")
            << FailureClass::ShapeDtypeMismatch << 2 << 0;
        // Dynamo's fake-tensor run failing without a cause of its own (no fake implementation): the trace failed.
        QTest::newRow("dynamo-fake-tensor-run")
            << QStringLiteral("torch._dynamo.exc.TorchRuntimeError: Dynamo failed to run FX node with fake tensors: "
                              "call_function mylib.scan(*(FakeTensor(..., size=(8,)),), **{}): got RuntimeError('no "
                              "fake implementation')\n"
                              "\n"
                              "from user code:\n"
                              "   File \"model.py\", line 30, in forward\n"
                              "    return torch.ops.mylib.scan(x)")
            << FailureClass::CompileError << 1 << 0;
        QTest::newRow("hip-invalid-device")
            << QStringLiteral("HIP error: hipErrorInvalidDevice at vadd.hip:41") << FailureClass::NoDevice << 1 << 0;
        // An API a release took out, named with what replaced it: code written for another release.
        QTest::newRow("api-removed-in-favour-of-another")
            << QStringLiteral("  File \"attn.py\", line 88, in _fwd\n"
                              "    q = tl.load_tile(q_ptr)\n"
                              "AttributeError: load_tile was removed in favour of tl.load with a descriptor")
            << FailureClass::DriverRuntimeMismatch << 3 << 0;
        // A reader older than the format version it is handed.
        QTest::newRow("reader-older-than-the-format")
            << QStringLiteral("plugin: loading compiled module\n"
                              "error: unable to deserialize bytecode version 7 (this reader knows up to 5)")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        // clang asked for an architecture it does not know, inside the build's wrapper.
        QTest::newRow("clang-without-the-architecture")
            << QStringLiteral("clang++: error: invalid target ID 'gfx1151'; format is a processor name\n"
                              "ninja: build stopped: subcommand failed.")
            << FailureClass::DriverRuntimeMismatch << 1 << 2;
        // Prebuilt PTX for a newer architecture than the one ptxas assembles for.
        QTest::newRow("ptx-for-a-newer-architecture")
            << QStringLiteral("$ ptxas -o k.cubin k.ptx\n"
                              "ptxas fatal   : SM version specified by .target is higher than default SM version "
                              "assumed")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        // The kernel's record of a process it stopped on an illegal instruction, with nothing else in the log.
        QTest::newRow("kernel-trap-record")
            << QStringLiteral("[  812.004117] traps: worker[4411] trap invalid opcode ip:7f3a10c2 sp:7ffd9a20 error:0 "
                              "in libblas_ext.so[7f3a1000+20000]")
            << FailureClass::Crash << 1 << 0;
        // A call the installed driver lacks, reported by a library's own probe and by the runtime's status.
        QTest::newRow("driver-without-the-entry-point")
            << QStringLiteral("simlib: probing driver\n"
                              "simlib CUDA error: Function cuMemMapArrayAsync: a suitable driver entry point was not "
                              "found\n"
                              "simlib: falling back to CPU")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("call-requires-a-newer-driver") << QStringLiteral("init: CUDA error 36 in cuda_init (ctx.cpp:90)")
                                                      << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // LLVM that does not know the processor a wheel was built for, whatever its name, above the LLVM error after
        // it.
        QTest::newRow("llvm-without-the-processor")
            << QStringLiteral("'neoverse-v3' is not a recognized processor for this target (ignoring processor)\n"
                              "LLVM ERROR: Cannot select: intrinsic %llvm.aarch64.sve.whilelo")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // LLVM's warning about a CPU it does not know goes on with a generic target: a stated failure after it decides.
        QTest::newRow("unknown-cpu-warning-then-a-stated-cause")
            << QStringLiteral("'znver5' is not a recognized processor for this target (ignoring processor)\n"
                              "RuntimeError: CUDA error: an illegal memory access was encountered")
            << FailureClass::IllegalMemoryAccess << 2 << 0;
        // A framework without the method a binary sends it, above the traceback that follows.
        QTest::newRow("framework-without-the-method")
            << QStringLiteral("2024-05-02 10:11:12.130 Python[811:2233] -[MTLGraphRunner runWithPlan:options:]: "
                              "unrecognized selector sent to instance 0x600001\n"
                              "Traceback (most recent call last):\n"
                              "  File \"m.py\", line 3, in <module>\n"
                              "    y = f(x)")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // A build's configure step that cannot find a library of the installed toolkit (renamed or dropped by its
        // release), under the build tool's own traceback.
        QTest::newRow("configure-without-a-toolkit-library")
            << QStringLiteral("ERROR: An error occurred during the fetch of repository 'local_config_rocm':\n"
                              "   Traceback (most recent call last):\n"
                              "\tFile \"third_party/gpus/rocm_configure.bzl\", line 301, in _find_libs\n"
                              "\t\tauto_configure_fail(<1 more arguments>)\n"
                              "ROCm Configuration Error: Cannot find rocm library roctx64")
            << FailureClass::DriverRuntimeMismatch << 5 << 0;
        // A toolkit of another release than the build: nvcc without a value of an option, NVRTC refusing an option.
        QTest::newRow("nvcc-without-the-option-value")
            << QStringLiteral("[2/9] nvcc -std=c++20 -c ops.cu -o ops.o\n"
                              "nvcc fatal   : Value 'c++20' is not defined for option 'std'\n"
                              "ninja: build stopped: subcommand failed.")
            << FailureClass::DriverRuntimeMismatch << 2 << 3;
        QTest::newRow("nvrtc-refusing-an-option")
            << QStringLiteral("  File \"jit.py\", line 51, in build\n"
                              "    prog.compile(opts)\n"
                              "RuntimeError: program compile failed: NVRTC_ERROR_INVALID_OPTION (-arch=sm_100)")
            << FailureClass::DriverRuntimeMismatch << 3 << 0;
        // Python's NotImplementedError: a path the library has not implemented; the condition it names is the edge of
        // that support, not a wrong input.
        QTest::newRow("not-implemented-with-a-shape-condition")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"backend.py\", line 40, in forward\n"
                              "NotImplementedError: tile width must be a multiple of 256 on this chip")
            << FailureClass::UnsupportedOnTarget << 3 << 0;
        // Released code of any installed package, not only the accelerator stack's, that names what another package
        // lacks or calls it with arguments it does not take: two releases that do not fit.
        QTest::newRow("installed-package-names-what-another-lacks")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"/opt/venv/lib/python3.12/site-packages/fastconv/__init__.py\", line 8, in "
                              "<module>\n"
                              "    BACKEND_API = hipdnn.api_level\n"
                              "AttributeError: module 'hipdnn' has no attribute 'api_level'")
            << FailureClass::DriverRuntimeMismatch << 4 << 0;
        QTest::newRow("installed-package-calls-another-signature")
            << QStringLiteral("  File \"/usr/lib/python3/dist-packages/spectral_ops/lowering.py\", line 77, in lower\n"
                              "    return make_call(name, operands=ops, result_layouts=layouts)\n"
                              "TypeError: make_call() got an unexpected keyword argument 'result_layouts'")
            << FailureClass::DriverRuntimeMismatch << 3 << 0;
        // An API a named release took out, said in the present perfect.
        QTest::newRow("api-that-has-been-removed-in-a-release")
            << QStringLiteral("AttributeError: xla_client.make_gpu_client has been removed in JAX v0.5.1; use "
                              "jax.devices() instead")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // clang's count of its errors: the compiler failed whatever the error above says; AMDGPU's stack limit.
        QTest::newRow("clang-error-count-below-an-unknown-error")
            << QStringLiteral("error: the widget pass gave up on this kernel\n"
                              "1 error generated when compiling for gfx1100.\n"
                              "make[2]: *** [CMakeFiles/k.dir/build.make:76: k.o] Error 1")
            << FailureClass::CompileError << 2 << 0;
        QTest::newRow("amdgpu-stack-frame-over-its-limit")
            << QStringLiteral("error: stack frame size (200704) exceeds limit (131056) in function '_Z6reducePf'\n"
                              "3 warnings and 1 error generated when compiling for gfx942.")
            << FailureClass::CompileError << 1 << 2;
        // An allocator's report whose figures cannot be true (more free than the device has) is a driver answering
        // the memory query wrongly; the same report with figures that fit stays an out-of-memory error.
        QTest::newRow("oom-report-with-more-free-than-the-device-has")
            << QStringLiteral("torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a "
                              "total capacity of 63.98 GiB of which 262080.50 GiB is free.")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        QTest::newRow("oom-report-whose-figures-fit")
            << QStringLiteral("torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a "
                              "total capacity of 63.98 GiB of which 1.50 GiB is free.")
            << FailureClass::DeviceOom << 1 << 0;
        // A link that finds a symbol defined twice (LLVM's IR linker of device code, GNU ld) failed the build.
        QTest::newRow("device-link-with-a-symbol-defined-twice")
            << QStringLiteral("error: Linking globals named '_Z8halfToF6__half': symbol multiply defined!\n"
                              "clang: error: hipspv-link command failed with exit code 1")
            << FailureClass::CompileError << 1 << 0;
        QTest::newRow("gnu-ld-multiple-definition")
            << QStringLiteral("/usr/bin/ld: ops.o: in function `scale(float)':\n"
                              "ops.cpp:(.text+0x40): multiple definition of `scale(float)'; main.o:(.text+0x0): first "
                              "defined here")
            << FailureClass::CompileError << 2 << 0;
        // A C standard header the compiler cannot find, broken over two lines by the terminal: the host toolchain is
        // incomplete, the generated launcher is fine.
        QTest::newRow("host-toolchain-without-its-c-headers")
            << QStringLiteral("C:\\Temp\\tmpk1\\launcher.c:2:10: fatal error: 'stdlib.h' file\n"
                              "      not found\n"
                              "1 error generated.")
            << FailureClass::DriverRuntimeMismatch << 1 << 3;
        // A device kind an API refuses; a device kind without a data type.
        QTest::newRow("device-kind-an-api-refuses")
            << QStringLiteral("RuntimeError: Device type HPU is not supported for torch.cuda.graphs api")
            << FailureClass::UnsupportedOnTarget << 1 << 0;
        QTest::newRow("device-kind-without-a-dtype")
            << QStringLiteral("TypeError: Cannot move the tensor: the XPU backend doesn't support complex128 here.")
            << FailureClass::UnsupportedOnTarget << 1 << 0;
        // A library built without the support asked for, in its own words, before the crash it leads to.
        QTest::newRow("library-built-without-the-support-asked-for")
            << QStringLiteral("GPU-aware transfers were requested, but the library was not compiled with any support.\n"
                              "[node3:1201] *** Process received signal ***\n"
                              "[node3:1201] Signal: Segmentation fault (11)")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // A collective library that could not allocate its device buffer, under its generic error.
        QTest::newRow("collective-buffer-it-could-not-allocate")
            << QStringLiteral("torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled "
                              "cuda error\n"
                              "Last error:\n"
                              "Failed to CUDA malloc 4194304 bytes")
            << FailureClass::DeviceOom << 3 << 0;
        // A collective handed tensors of a device its process group does not serve.
        QTest::newRow("collective-given-tensors-of-another-device")
            << QStringLiteral("  File \"metrics.py\", line 20, in sync\n"
                              "    dist.all_gather(out, local)\n"
                              "RuntimeError: No backend type associated with device type cpu")
            << FailureClass::ShapeDtypeMismatch << 3 << 0;
        // A kernel language's own constraint naming the hardware an instruction needs, under the compiler's failure.
        QTest::newRow("constraint-naming-the-hardware-an-instruction-needs")
            << QStringLiteral("ops/gemm.mojo:40:2: error: function instantiation failed\n"
                              "stdlib/gpu/mma.mojo:12:8: note: constraint failed: wgmma instructions are only "
                              "applicable on NVIDIA Hopper (sm_90a) hardware.")
            << FailureClass::UnsupportedOnTarget << 2 << 0;
        // A kernel the loaded module does not have: a library built without code for this GPU.
        QTest::newRow("kernel-missing-from-the-loaded-module")
            << QStringLiteral("node7:811:902 [3] enqueue.cc:61 NCCL WARN Cuda failure 'named symbol not found'\n"
                              "node7:811:902 [3] NCCL INFO enqueue.cc:140 -> 1")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        QTest::newRow("hip-static-function-it-cannot-retrieve")
            << QStringLiteral(":0:hip_platform.cpp:110 : 20917 us: Cannot retrieve Static function, error: 218\n"
                              "Aborted (core dumped)")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // A kernel language's code generator refusing the kernel's code.
        QTest::newRow("kernel-language-code-generator-error")
            << QStringLiteral("warp._src.codegen.WarpCodegenError: Error while parsing function \"blur\" at k.py:7:\n"
                              "    acc = g(x)\n"
                              ";Could not find function g as a built-in or user-defined function.")
            << FailureClass::CompileError << 1 << 0;
        // A launcher that logs a child's error lines under its own glog INFO prefix: the child's E level counts.
        QTest::newRow("glog-info-forwarding-a-child-error-line")
            << QStringLiteral("I0301 10:00:01.000100 1400 launch.py:90] 2024-03-01 10:00:01.000050: E "
                              "external/xla/stream_executor/cuda/cuda_driver.cc:628] failed to get function "
                              "\"fusion_3\" from module: CUDA_ERROR_NOT_FOUND: named symbol not found")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // A harness's own comparison naming what it compared between "maximum relative" and "difference".
        QTest::newRow("maximum-difference-of-a-named-output")
            << QStringLiteral("GPU vs CPU parity\n"
                              "Maximum relative hidden-state difference: 0.73 (allowed 0.01)")
            << FailureClass::NumericalMismatch << 2 << 0;
        // Windows' loader error 126 (a module or one it needs not found) in a runtime's own words; a target without
        // hardware support for a data type; a dot precision a Triton back end does not take.
        QTest::newRow("windows-loader-error-126-in-a-runtimes-words") << QStringLiteral(
            "session.cc:88 GetProvider [Error] : LoadLibrary failed with error 126 \"\" when trying to "
            "load \"D:\\app\\providers_gpu.dll\"") << FailureClass::DriverRuntimeMismatch
                                                                      << 1 << 0;
        QTest::newRow("network-that-needs-hardware-with-a-data-type") << QStringLiteral(
            "[E] builder: Error Code 9: API Usage Error (layers in bf16 require a GPU with BF16 support.)")
                                                                      << FailureClass::UnsupportedOnTarget << 1 << 0;
        QTest::newRow("dot-precision-the-back-end-does-not-offer")
            << QStringLiteral("  File \"kern.py\", line 40, in mm\nAssertionError: input_precision must be one of "
                              "('ieee',). Got tf32x3")
            << FailureClass::UnsupportedOnTarget << 2 << 0;
        // A harness's worst-case difference; a backtrace asked of gdb where the process stopped; Triton's front end
        // refusing operands of types that do not combine; a launcher's INFO line carrying a child's exception right
        // after its bracketed tags.
        QTest::newRow("worst-case-difference-of-a-harness")
            << QStringLiteral("running check with n=131072\nworst case abs difference: 3.25\nFAILED")
            << FailureClass::NumericalMismatch << 2 << 0;
        QTest::newRow("backtrace-asked-of-gdb") << QStringLiteral(
            "Program terminated.\n(gdb) bt\n#0  0x00007f3a in copy_rows (n=96) at "
            "/src/runtime/blit.cpp:311\n#1  0x00007f3b in submit (q=0x1) at /src/runtime/queue.cpp:88")
                                                << FailureClass::Crash << 2 << 0;
        QTest::newRow("triton-operands-of-types-that-do-not-combine")
            << QStringLiteral("  File \"k.py\", line 12, in add_kernel\n    p = base + off / 2\n"
                              "invalid operands of type pointer<bf16> and triton.language.float32")
            << FailureClass::CompileError << 3 << 0;
        QTest::newRow("launcher-info-line-with-a-childs-exception")
            << QStringLiteral("10:02:11 [INFO] [worker 3] torch._inductor.exc.NoValidChoicesError: no choice of kernel "
                              "left for mm_plus_mm\n10:02:11 [INFO] [worker 3] shutting down")
            << FailureClass::AutotuneFailure << 1 << 0;
        // The kernel driver that could not bring a GPU up; NVML in a container that lost its device nodes; a CUDA
        // status in a check's failed comparison; a library's compile-time check of the target; a device node the
        // process may not open, in strace's words; Triton's compiler asserting on a GPU newer than its release; a
        // kernel library that does not know the gfx target; a harness's maximum absolute delta; gdb's frames alone.
        QTest::newRow("kernel-driver-that-could-not-bring-the-gpu-up")
            << QStringLiteral("[   12.40] NVRM: GPU 0000:3b:00.0: RmInitAdapter failed! (0x25:0x65:1457)\n"
                              "[   12.41] NVRM: GPU 0000:3b:00.0: rm_init_adapter failed, device minor number 1")
            << FailureClass::NoDevice << 1 << 0;
        QTest::newRow("nvml-in-a-container-without-its-device-nodes")
            << QStringLiteral("$ docker exec trainer nvidia-smi\nFailed to initialize NVML: Unknown Error")
            << FailureClass::NoDevice << 2 << 0;
        QTest::newRow("cuda-status-in-a-failed-comparison") << QStringLiteral(
            "RuntimeError: attention_bwd.cu:212: cuDNN Error: execute failed with message: err 719 != "
            "CUDA_SUCCESS :: cuLaunchKernelEx(...)") << FailureClass::IllegalMemoryAccess
                                                            << 1 << 0;
        QTest::newRow("compile-time-check-of-the-target") << QStringLiteral(
            "[lib] /src/include/mma/arch.hpp:41:9: error: static assertion failed: Target architecture "
            "not supported\n[lib] 1 error generated when compiling for gfx1030.")
                                                          << FailureClass::UnsupportedOnTarget << 1 << 2;
        QTest::newRow("device-node-refused-as-strace-shows-it")
            << QStringLiteral("openat(AT_FDCWD, \"/dev/nvidiactl\", O_RDWR|O_CLOEXEC) = -1 EACCES (Permission denied)\n"
                              "exit_group(1)                           = ?\n+++ exited with 1 +++")
            << FailureClass::NoDevice << 1 << 0;
        QTest::newRow("triton-compiler-older-than-the-gpu")
            << QStringLiteral("python3: /src/lib/Dialect/TritonGPU/Transforms/AccelerateMatmul.cpp:41: int "
                              "getMMAVersionSafe(int, DotOp): Assertion `false && \"computeCapability not supported\"' "
                              "failed.\nAborted (core dumped)")
            << FailureClass::DriverRuntimeMismatch << 1 << 1;
        QTest::newRow("kernel-library-that-does-not-know-the-gfx-target") << QStringLiteral(
            "E   RuntimeError: could not pick kernels: \"Unknown GPU architecture: gfx1151. Supported "
            "architectures: gfx942, gfx950\"") << FailureClass::UnsupportedOnTarget
                                                                          << 1 << 0;
        QTest::newRow("maximum-absolute-delta-of-a-harness")
            << QStringLiteral("$ python check_attn.py --pages 16\n[ops] reference vs fused: (kv:fp8) failed!\n"
                              "[ops] --> max abs delta: 7.5, 12.0% (31457 of 262144) elements")
            << FailureClass::NumericalMismatch << 3 << 0;
        QTest::newRow("rocblas-listing-the-kernel-files-it-found")
            << QStringLiteral("worker: loading model on GPU 0\n"
                              "\"/opt/app/lib/rocblas/library/TensileLibrary_lazy_gfx942.dat\"\n"
                              "\"/opt/app/lib/rocblas/library/TensileLibrary_lazy_gfx90a.dat\"\n"
                              "worker exited: signal: aborted (core dumped)")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("gdb-frames-without-the-command")
            << QStringLiteral("Thread 7 stopped.\n#0  0x00007f1a2b3c4d5e in scatter_rows () from /usr/lib/libfoo.so.2\n"
                              "#1  0x00007f1a2b3c0011 in run_plan () from /usr/lib/libfoo.so.2")
            << FailureClass::Crash << 2 << 0;
        // A back end without a data type, in an MLIR verifier's words that would otherwise read as a compile error.
        QTest::newRow("back-end-without-a-data-type")
            << QStringLiteral("XlaRuntimeError: UNKNOWN: <unknown>:0: error: 'func.func' op Half-precision complex "
                              "data types are not supported by this plugin")
            << FailureClass::UnsupportedOnTarget << 1 << 0;
        QTest::newRow("application-without-a-kernel-binary-for-the-card")
            << QStringLiteral("Render: initialising device 'AMD Radeon RX 7600'\n"
                              "CUDA binary kernel for this graphics card compute capability (7.5) not found.")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("library-parsing-a-gfx-name-it-does-not-know")
            << QStringLiteral("terminate called after throwing an instance of 'mylib::Error'\n"
                              "  what():  Unknown enum value for Target, input: gfx1152\nAborted (core dumped)")
            << FailureClass::UnsupportedOnTarget << 2 << 0;
        QTest::newRow("engine-refusing-an-integer-type-the-gpu-lacks") << QStringLiteral(
            "[E] [TRT] 9: Error Code 9: Internal Error (INT8 tactics require hardware with int8 "
            "support.)") << FailureClass::UnsupportedOnTarget << 1 << 0;
        QTest::newRow("input-shape-outside-the-engine-profile")
            << QStringLiteral("[E] [TRT] 3: [executionContext.cpp::setInputShape::2309] Error Code 3: API Usage Error "
                              "(Parameter check failed, condition: satisfyProfile Runtime dimension does not satisfy "
                              "any optimization profile.)")
            << FailureClass::ShapeDtypeMismatch << 1 << 0;
        QTest::newRow("extension-that-does-not-load-with-the-installed-framework")
            << QStringLiteral("  File \"/usr/lib/python3/site-packages/imgops/_load.py\", line 20, in _check\n"
                              "RuntimeError: Couldn't load custom C++ ops. Your torch and imgops versions are "
                              "incompatible; reinstall one of them.")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("device-workspace-allocation-refused")
            << QStringLiteral("step 12: forward\nRuntimeError: FATAL ERROR :: MODULE:SYNHELPER workspace "
                              "Allocation of size ::8589934592 failed")
            << FailureClass::DeviceOom << 2 << 0;
        QTest::newRow("visibility-variable-naming-a-missing-device") << QStringLiteral(
            "worker 3: init\nRuntimeError: Invalid HABANA_VISIBLE_MODULES=3. Module IDs should be "
            "between 0 and 1.") << FailureClass::NoDevice << 2 << 0;
        QTest::newRow("collective-library-that-cannot-be-loaded")
            << QStringLiteral("E1107 all-gather-start failed\nINTERNAL: nccl_clique.cc:88: Could not load the RCCL "
                              "library; collectives are disabled.")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("optional-package-of-the-stack-missing")
            << QStringLiteral("  File \"run.py\", line 4, in <module>\nImportError: fused_rope is only available "
                              "when flash_attn is installed")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("toolkit-older-than-a-build-needs")
            << QStringLiteral("running build_ext\nRuntimeError: CUDA 12.4 or newer is required for the fp4 kernels.")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("compiler-not-on-the-path-of-a-build")
            << QStringLiteral("setup.py:40: UserWarning: hipcc was not found; skipping the extension\n"
                              "KeyError: 'ROCM_VERSION'")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        QTest::newRow("extension-builder-that-does-not-know-the-arch")
            << QStringLiteral("building 'ops._C'\n  ValueError: Unknown CUDA arch (12.0) or GPU not supported")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("mosaic-lowering-without-an-operation")
            << QStringLiteral("jax.errors.JaxRuntimeError: INTERNAL: Mosaic failed to compile TPU kernel: "
                              "reduction over the sublane axis of i8 not implemented")
            << FailureClass::UnsupportedOnTarget << 1 << 1;
        QTest::newRow("block-not-aligned-to-the-tiling")
            << QStringLiteral("INTERNAL: Mosaic failed to compile TPU kernel: Window offset along dimension 1 is not "
                              "aligned to tiling (128), got 64.")
            << FailureClass::ShapeDtypeMismatch << 1 << 1;
        // The compiler's own header is the toolchain's: an installation that does not fit, not the program's include.
        QTest::newRow("compilers-own-header-without-its-location")
            << QStringLiteral("hipify-clang kernels.cu --\nfatal error: '__clang_hip_math.h' file not found")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("two-llvm-releases-in-one-process")
            << QStringLiteral("loading render backend\n: CommandLine Error: Option 'amdgpu-spill-vgpr-to-agpr' "
                              "registered more than once!\nLLVM ERROR: inconsistency in registered CommandLine options")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("missing-header-in-another-locale-without-its-location")
            << QStringLiteral("[3/9] nvcc -c rasterize.cu\nfatal error: eigen3/Eigen/Dense.h: Datei oder Verzeichnis "
                              "nicht gefunden\ncompilation terminated.")
            << FailureClass::CompileError << 2 << 3;
        // A library release that does not know the GPU generation, in its own words or as its kernel table's
        // assertion, and a container runtime's requirement on the driver: another release fits.
        QTest::newRow("gpu-generation-unknown-to-this-release")
            << QStringLiteral("compiling plan for device 0\n"
                              "error: Blackwell (SM 100) is not supported by this kernel-pack version.")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("kernel-table-without-the-sm")
            << QStringLiteral("loading plan.bin\nAssertion failed: Unsupported SM (sm_121)\nAborted (core dumped)")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("container-runtime-wants-a-newer-driver")
            << QStringLiteral("docker: Error response from daemon: failed to create task for container: exit status 1\n"
                              "nvidia-container-cli: requirement error: unsatisfied condition: driver>=550, please "
                              "update your driver")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        // What the device lacks, said of the device by whichever library checked.
        QTest::newRow("device-or-backend-lacks-a-feature")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"serve.py\", line 12, in load\n"
                              "RuntimeError: the selected accelerator or backend does not support packed int4 weights")
            << FailureClass::UnsupportedOnTarget << 3 << 0;
        // A package built or linked without the accelerator's support; a feature that needs a newer package, stated
        // with the version (a dotted version, not a kernel's bound).
        QTest::newRow("linked-without-the-device-backend")
            << QStringLiteral("import kernels\nRuntimeError: kernels.so is not linked with support for HIP devices")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("feature-needs-a-newer-package")
            << QStringLiteral("loading weights\n"
                              "error: block-scaled matmul requires nvidia-cutlass-dsl >= 4.2 (installed: 4.0.1)")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        // A runtime's own count of its devices, asserted positive.
        QTest::newRow("device-count-must-be-positive")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"bench.py\", line 8, in <module>\n"
                              "AssertionError: number of visible devices must be positive")
            << FailureClass::NoDevice << 3 << 0;
        // MLIR's translation to LLVM IR, under the JIT's wrapper.
        QTest::newRow("translation-to-llvm-ir")
            << QStringLiteral("lowering kernel to LLVM IR\n"
                              "error: LLVM Translation failed for operation: gpu.shuffle\n"
                              "Failed to compile kernel")
            << FailureClass::CompileError << 2 << 3;
        // A compiler's fatal log line whose words name no failure: its level and its source file say it (XLA's
        // emitter aborting), ahead of the abort that follows.
        QTest::newRow("compiler-fatal-by-its-level-alone")
            << QStringLiteral("2026-12-01 08:14:55.120001: F external/xla/xla/service/gpu/ir_emitter_unnested.cc:912] "
                              "no buffer slice assigned to %fusion.7\n"
                              "Aborted (core dumped)")
            << FailureClass::CompileError << 1 << 0;
        // Devices there, none capable of what was asked: not a missing device.
        QTest::newRow("no-capable-device")
            << QStringLiteral("[av1_nvenc @ 0x55d0c1] 10-bit encoding not available here\n"
                              "[av1_nvenc @ 0x55d0c1] No capable devices found\n"
                              "Error while opening encoder for output stream #0:0")
            << FailureClass::UnsupportedOnTarget << 2 << 0;
        // A back end without a lowering for an operation of the framework's input dialect, under the compiler's
        // location prefix that alone would read as a compile error.
        QTest::newRow("backend-cannot-legalize-an-input-operation")
            << QStringLiteral("compiling for the plugin device\n"
                              "module.mlir:12:5: error: failed to legalize operation 'stablehlo.cbrt' that was "
                              "explicitly marked illegal")
            << FailureClass::UnsupportedOnTarget << 2 << 0;
        // A tool's version refused as buggy by the code that calls it: another version is needed.
        QTest::newRow("tool-version-refused-as-buggy")
            << QStringLiteral("compiling fusion.12\n"
                              "F1203 08:14:55.120001  4411 nvptx_compiler.cc:619] nvJitLink 12.4.99 has a bug that "
                              "miscompiles reductions; please use another release\n"
                              "Aborted (core dumped)")
            << FailureClass::DriverRuntimeMismatch << 2 << 0;
        QTest::newRow("no-cuda-capable-devices-found")
            << QStringLiteral("probing GPUs\nError: No CUDA-capable devices found") << FailureClass::NoDevice << 2 << 0;
        // A build script refusing a toolkit release it does not know.
        QTest::newRow("unsupported-release-version")
            << QStringLiteral("   Compiling hipkit-sys v0.3.1\n"
                              "thread 'main' panicked at build.rs:88:9:\n"
                              "Unsupported ROCm release version: `7.9`; supported up to 7.2")
            << FailureClass::DriverRuntimeMismatch << 3 << 0;
        // A harness's verdict on its own result check, with no numbers printed.
        QTest::newRow("harness-disposition-failed") << QStringLiteral("$ ./grouped_gemm --m=512 --n=768 --k=256\n"
                                                                      "  Problem Size: 512x768x256\n"
                                                                      "  Disposition: Failed\n"
                                                                      "  Avg runtime: 0.0412 ms")
                                                    << FailureClass::NumericalMismatch << 3 << 0;
        // A library's table of targets, looked up by the GPU's name, has no entry for this GPU.
        QTest::newRow("gfx-target-missing-from-a-lookup-table")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"/opt/venv/lib/python3.11/site-packages/kernels/arch.py\", line 20, in tuned\n"
                              "    return TUNED_CONFIGS[arch]\n"
                              "KeyError: 'gfx1036'")
            << FailureClass::UnsupportedOnTarget << 4 << 0;
        // A kernel that checks at run time for code for this GPU: the build names the GPU's architecture among its
        // targets, so the kernel itself has none for it; the launch failure after it follows from it.
        QTest::newRow("kernel-without-code-for-a-targeted-arch")
            << QStringLiteral("src/mmq.cu:88: ERROR: CUDA kernel mul_mat_q4 has no device code compatible with CUDA "
                              "arch 520. ggml-cuda.cu was compiled for: 520,610,700\n"
                              "CUDA error: unspecified launch failure\n"
                              "  current device: 0, in function ggml_backend_cuda_synchronize")
            << FailureClass::UnsupportedOnTarget << 1 << 0;
        QTest::newRow("build-without-code-for-the-gpus-arch")
            << QStringLiteral("src/mmq.cu:88: ERROR: CUDA kernel mul_mat_q4 has no device code compatible with CUDA "
                              "arch 750. ggml-cuda.cu was compiled for: 800,860,890\n"
                              "CUDA error: unspecified launch failure")
            << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // The same from a build whose list of architectures was never filled in.
        QTest::newRow("build-with-its-arch-list-unfilled") << QStringLiteral(
            "ggml\\src\\ggml-cuda\\fattn-tile.cuh:402: ERROR: CUDA kernel flash_attn_tile has no device "
            "code compatible with CUDA arch 860. ggml-cuda.cu was compiled for: __CUDA_ARCH_LIST__\n"
            "CUDA error: unspecified launch failure") << FailureClass::DriverRuntimeMismatch
                                                           << 1 << 0;
        // Free memory printed as total minus used, wrapped below zero: more was used than the (small) capacity.
        QTest::newRow("free-memory-wrapped-below-zero") << QStringLiteral(
            "Error occurred when executing Sampler:\n\n"
            "HIP out of memory. Tried to allocate 40.00 MiB. GPU 0 has a total capacity of 1.00 GiB "
            "of which 17179869183.98 GiB is free. Of the allocated memory 812.00 MiB is allocated by "
            "PyTorch") << FailureClass::DeviceOom << 3 << 0;
        // A stack sampled from a process that does not end, its innermost frame marked as the wait.
        QTest::newRow("sampled-stack-of-a-wait-that-does-not-end")
            << QStringLiteral("Thread 1 (LWP 4121):\n"
                              "  loader::upload_weights\n"
                              "    hipStreamSynchronize\n"
                              "      rocr::core::InterruptSignal::WaitRelaxed   <-- blocks forever, GPU idle")
            << FailureClass::TimeoutHang << 4 << 0;
        // A JIT's launcher that cannot link because the host compiler has no C runtime: the installation's fault.
        QTest::newRow("host-toolchain-without-its-c-runtime") << QStringLiteral(
            "/usr/bin/ld: cannot find Scrt1.o: No such file or directory\n"
            "/usr/bin/ld: cannot find -lc: No such file or directory\n"
            "collect2: error: ld returned 1 exit status\n"
            "Traceback (most recent call last):\n"
            "  File \"/opt/venv/lib/python3.12/site-packages/jitlib/launcher.py\", line 51, in build\n"
            "subprocess.CalledProcessError: Command '['cc', 'launcher.c']' returned non-zero exit "
            "status 1.") << FailureClass::DriverRuntimeMismatch
                                                              << 1 << 0;
        // A kernel DSL's own check of the architecture it runs on.
        QTest::newRow("dsl-architecture-check")
            << QStringLiteral("  File \"gemm.py\", line 88, in __post_init__\n"
                              "    raise OpError(\n"
                              "kerneldsl.OpError: expects arch to be one of ['sm_90a'], but got sm_89")
            << FailureClass::UnsupportedOnTarget << 3 << 0;
        // A harness printing the difference it found, with no verdict of its own.
        QTest::newRow("difference-printed-as-a-figure") << QStringLiteral("checking backward against the reference\n"
                                                                          "dv    diff: 7.250000 ratio: 0.412000")
                                                        << FailureClass::NumericalMismatch << 2 << 0;
        // Each side of a comparison printed under the name of what computed it.
        QTest::newRow("results-printed-per-device") << QStringLiteral("$ ./reduce --n 4096\n"
                                                                      "running on gfx1100\n"
                                                                      "Host result: 8191.5\n"
                                                                      "Device result: 8183.25")
                                                    << FailureClass::NumericalMismatch << 3 << 0;
        // A sample's verdict on its own result, in three words.
        QTest::newRow("sample-says-its-results-are-wrong") << QStringLiteral("sgemm_sample 1.2: M=1024 N=1024 K=512\n"
                                                                             "comparing with the host GEMM\n"
                                                                             "Results wrong")
                                                           << FailureClass::NumericalMismatch << 3 << 0;
        // An extension's own check that one argument divides another, inside PyTorch's assert wording.
        QTest::newRow("argument-must-divide-another")
            << QStringLiteral("RuntimeError: n_rows % chunk_ == 0 INTERNAL ASSERT FAILED at "
                              "\"ext/src/scan_cuda.cu\":88, please report a bug "
                              "to PyTorch. n_rows(%d) must divide chunk(%d)")
            << FailureClass::ShapeDtypeMismatch << 1 << 0;
        // An extension build that waits on a lock left by a build killed before: the log ends there.
        QTest::newRow("extension-build-waits-on-a-stale-lock")
            << QStringLiteral("Loading extension module fused_adam...\n"
                              "Warning: Lock file exists in build directory: "
                              "'/home/u/.cache/torch_extensions/py311_cu121/fused_adam/lock'")
            << FailureClass::TimeoutHang << 2 << 0;
        // A framework saying that the device, named in brackets, lacks what was asked of it.
        QTest::newRow("device-named-does-not-support") << QStringLiteral(
            "  File \"/opt/venv/lib/python3.12/site-packages/torch/xpu/streams.py\", line 60, in synchronize\n"
            "RuntimeError: The device (Intel(R) Arc(TM) Graphics [0x7d55]) does not support event timing; use the host "
            "clock instead.") << FailureClass::UnsupportedOnTarget
                                                       << 2 << 0;
        // A compile step's failure whose message is an MLIR operation's diagnostic naming what the target lacks.
        QTest::newRow("mlir-op-diagnostic-names-the-gap") << QStringLiteral(
            "  File \"/srv/model/attention.py\", line 140, in forward\n"
            "jax.errors.JaxRuntimeError: INVALID_ARGUMENT: Failed to compile a Mosaic module: 'tpu.dynamic_gather' op "
            "Unsupported element width for this chip generation")
                                                          << FailureClass::UnsupportedOnTarget << 2 << 2;
        // A compiler's crash shown only by its stack, the frames of a pass and a rewrite pattern.
        QTest::newRow("compiler-pass-frames-in-a-crash")
            << QStringLiteral("getSharedEncoding(Value)\n"
                              "FoldSwizzledLoad::matchAndRewrite(LocalLoadOp, PatternRewriter&) const\n"
                              "mlir::applyPatternsGreedily(Region&, FrozenRewritePatternSet const&)\n"
                              "TritonGPUPipelinePass::runOnOperation()\n"
                              "Segmentation fault (core dumped)")
            << FailureClass::CompileError << 2 << 0;
        // vLLM's message broker that has waited a minute for its workers, repeated until the job is killed.
        QTest::newRow("workers-that-never-read-their-broadcast") << QStringLiteral(
            "(VllmWorkerProcess pid=2291) WARNING 01-21 09:12:44 shm_broadcast.py:396] No available block found in 60 "
            "second.\n"
            "(VllmWorkerProcess pid=2291) WARNING 01-21 09:13:44 shm_broadcast.py:396] No available block found in 60 "
            "second.") << FailureClass::TimeoutHang << 1 << 0;
        // A kernel library's own architecture check, its verdict ending the message.
        QTest::newRow("library-check-ends-with-unsupported-architecture") << QStringLiteral(
            "  File \"/srv/app/attention.py\", line 212, in prefill\n"
            "RuntimeError: Error in function 'PagedRunner' at /src/include/attn/runner.cuh:57: Unsupported "
            "architecture") << FailureClass::UnsupportedOnTarget << 2 << 0;
        // A code generator's request for more dynamic shared memory than the device allows, refused at launch.
        QTest::newRow("dynamic-shared-memory-size-refused") << QStringLiteral(
            "tilelang.jit: compiling chunk_fwd for sm_89\n"
            "tvm.error.InternalError: Failed to set the allowed dynamic shared memory size to 147456 [144 KB]")
                                                            << FailureClass::LaunchConfig << 2 << 0;
        // An annotated stack of two threads, each holding the lock the other waits for.
        QTest::newRow("threads-waiting-on-each-others-locks")
            << QStringLiteral("Thread 3 (worker):\n"
                              "  Scheduler::Drain      holds queue lock\n"
                              "    Allocator::Free      blocked on the heap lock\n"
                              "Thread 1 (main):\n"
                              "  Allocator::Grow       holds heap lock\n"
                              "    Scheduler::Submit    waiting for queue lock")
            << FailureClass::TimeoutHang << 3 << 0;
        // A device-side assertion whose message is a device memory pool running dry, not a fault.
        QTest::newRow("device-assert-says-its-pool-is-empty") << QStringLiteral(
            "[Taichi] materializing field of 2147483648 bytes\n"
            "Taichi JIT:0: allocate_from_buffer: block: [0,0,0], thread: [0,0,0] Assertion `Out of CUDA pre-allocated "
            "memory.\nRuntimeError: [cuda_driver.h:operator()@92] CUDA Error CUDA_ERROR_ASSERT: device-side assert "
            "triggered while calling stream_synchronize") << FailureClass::DeviceOom
                                                              << 2 << 0;
        // XLA's launch check behind a RET_CHECK: more blocks than the grid allows.
        QTest::newRow("emitter-launch-above-the-grid-limit") << QStringLiteral(
            "E0412 10:02:11.118 xla/status_macros.cc:56] INTERNAL: RET_CHECK failure (xla/service/gpu/fusions/"
            "fusion_emitter.cc:95) device_info.block_dim_limit().x == 0 || launch_dims.block_counts().x < "
            "device_info.block_dim_limit().x Kernel 'loop_transpose_fusion' launch needs more blocks (4294967296) than "
            "allowed by hardware (2147483647).") << FailureClass::LaunchConfig
                                                             << 1 << 1;
        // PyTorch/XLA's profiler naming an operation the backend has no lowering for (it runs on the host).
        QTest::newRow("operation-without-an-xla-lowering")
            << QStringLiteral("pt-xla-profiler: CompileTime too frequent: 41 counts during 12 steps\n"
                              "pt-xla-profiler: Op(s) not lowered: aten::_unique2,  Please open a GitHub issue with "
                              "the above op lowering "
                              "requests.")
            << FailureClass::UnsupportedOnTarget << 2 << 0;
        // Inductor's check of a custom op's output against what its meta kernel declared.
        QTest::newRow("output-layout-other-than-declared") << QStringLiteral(
            "  File \"/tmp/torchinductor_u/ab/cab3x.py\", line 88, in call\n"
            "    assert_size_stride(buf3, (2, 16, 64, 64), (65536, 64, 1024, 1))\n"
            "AssertionError: expected size 16==16, stride 4096==64 at dim=1; expected size 64==64, stride 64==1024 at "
            "dim=2") << FailureClass::ShapeDtypeMismatch << 3
                                                           << 0;
        // A verification driver printing each check's error without its bound.
        QTest::newRow("verification-driver-error-without-its-bound")
            << QStringLiteral("./bin/MIOpenDriver conv -m trans -W 8 -H 8 -c 4 -k 4 -x 3 -y 3 -p 1 -q 1\n"
                              "\n"
                              "error:0.41\n"
                              "Backward Convolution Weights Failed: 0.412087")
            << FailureClass::NumericalMismatch << 4 << 0;
        // An import of a name the other package's release does not have, printed without quotes (Windows consoles).
        QTest::newRow("import-name-printed-bare")
            << QStringLiteral("Traceback (most recent call last):\n"
                              "  File \"C:\\env\\lib\\site-packages\\bnb_kernels\\__init__.py\", line 4, in <module>\n"
                              "    from bitsandbytes.functional import dequantize_4bit_fused\n"
                              "ImportError: cannot import name dequantize_4bit_fused from bitsandbytes.functional "
                              "(C:\\env\\lib\\site-packages\\bitsandbytes\\functional.py)")
            << FailureClass::DriverRuntimeMismatch << 4 << 0;
        // One library loaded twice from two packages registers its flags twice.
        QTest::newRow("library-loaded-twice-registers-a-flag-twice") << QStringLiteral(
            "ERROR: Flag 'xla_gpu_enable_command_buffer' was defined more than once but with differing types. Defined "
            "in files 'xla/debug_options_flags.cc' and 'xla/debug_options_flags.cc'.")
                                                                     << FailureClass::DriverRuntimeMismatch << 1 << 0;
        // A script printing how many devices it found: none.
        QTest::newRow("device-count-printed-as-zero") << QStringLiteral("backend: level_zero\n"
                                                                        "torch 2.3.1+xpu\n"
                                                                        "num_devices: 0")
                                                      << FailureClass::NoDevice << 3 << 0;
        // A framework refusing a feature on the operating system it runs on.
        QTest::newRow("feature-refused-on-this-operating-system") << QStringLiteral(
            "  File \"/Users/a/venv/lib/python3.12/site-packages/torch/_dynamo/eval_frame.py\", line 433, in check\n"
            "RuntimeError: macOS is not supported for torch.compile with the inductor backend")
                                                                  << FailureClass::UnsupportedOnTarget << 2 << 0;
        // A data type the current device lacks: the target's gap, not the caller's dtype.
        QTest::newRow("dtype-unsupported-on-the-current-device") << QStringLiteral(
            "FAILED test_gemm.py::test_gemm[64-float64] - RuntimeError: Double precision data type is "
            "unsupported on the current device.") << FailureClass::UnsupportedOnTarget
                                                                 << 1 << 0;
        // pytest.approx: the value, then the expected one with its tolerance.
        QTest::newRow("pytest-approx-outside-its-tolerance") << QStringLiteral(
            "FAILED tests/test_rmsnorm.py::test_fwd[bf16] - assert 0.2481... == 0.2502 \u00b1 2.5e-04\n"
            "FAILED tests/test_rmsnorm.py::test_fwd[f32] - assert 0.2497... == 0.2502 \u00b1 2.5e-04")
                                                             << FailureClass::NumericalMismatch << 1 << 0;
        // Triton's interpreter lacking a builder method the compiled path has: the interpreter's gap.
        QTest::newRow("construct-the-triton-interpreter-lacks") << QStringLiteral(
            "  File \"/venv/lib/python3.12/site-packages/triton/runtime/interpreter.py\", line 1020, in _new_to_ir\n"
            "    return builder.get_fp8e4nv_ty()\n"
            "AttributeError: 'InterpreterBuilder' object has no attribute 'get_fp8e4nv_ty'")
                                                                << FailureClass::UnsupportedOnTarget << 3 << 0;
        // A CUDA check macro printing the runtime's message with the file and line of the call.
        QTest::newRow("check-macro-operation-not-supported")
            << QStringLiteral("Error: operation not supported /home/u/src/pinned_pool.cu 88\n"
                              "terminate called after throwing an instance of 'std::runtime_error'")
            << FailureClass::UnsupportedOnTarget << 1 << 0;
        // XLA's alarm on a compilation that ran for minutes.
        QTest::newRow("xla-compilation-far-past-its-time")
            << QStringLiteral("E0311 10:02:44.102 2797 slow_operation_alarm.cc:73]\n"
                              "********************************\n"
                              "[Compiling module jit_step for GPU] Very slow compile? If you want to file a bug, run "
                              "with envvar XLA_FLAGS=--xla_dump_to=/tmp/foo and attach the results.\n"
                              "********************************\n"
                              "E0311 10:03:04.550 2794 slow_operation_alarm.cc:140] The operation took 3m1.2s")
            << FailureClass::TimeoutHang << 3 << 0;
        // An operation's own requirement that its operands share a device.
        QTest::newRow("operands-an-operation-needs-on-one-device") << QStringLiteral(
            "  File \"/src/det/loss.py\", line 212, in assign\n"
            "    picked = candidates[mask]\n"
            "RuntimeError: indices should be either on cpu or on the same device as the indexed tensor (cpu)")
                                                                   << FailureClass::ShapeDtypeMismatch << 3 << 0;
    }
    void decisions()
    {
        QFETCH(QString, log);
        QFETCH(FailureClass, expected);
        QFETCH(int, causeLine);
        QFETCH(int, wrapperLine);
        const Diagnosis d = diagnose(log);
        QCOMPARE(d.className(), failureClassName(expected));
        // A rule decided, not the wording model's reading of the same words.
        QVERIFY2(d.scoreKind != QLatin1String("wording"), qPrintable(d.explanation));
        QVERIFY(d.cause.has_value());
        QCOMPARE(d.cause->line.line, causeLine);
        QVERIFY2(d.explanation.contains(QStringLiteral("line %1").arg(causeLine)), qPrintable(d.explanation));
        QCOMPARE(d.wrapper.has_value() ? d.wrapper->line.line : 0, wrapperLine);
        if (wrapperLine > 0 && wrapperLine != causeLine)
            QVERIFY2(d.explanation.contains(QStringLiteral("reported through line %1").arg(wrapperLine)),
                qPrintable(d.explanation));
        // The prefilter must not change any of this.
        const Diagnosis u = detail::diagnoseUnfiltered(log);
        QCOMPARE(u.className(), d.className());
        QCOMPARE(u.confidence, d.confidence);
    }

    // A bare phrase printed by a layer outside the accelerator stack votes for nothing.
    void outsideTheStack_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<QString>("layer");
        QTest::newRow("http-timeout") << QStringLiteral(
            "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='cdn-lfs.huggingface.co', port=443): "
            "Read timed out.") << QStringLiteral("network (HTTP)");
        QTest::newRow("tracker-timeout") << QStringLiteral(
            "wandb: ERROR Run initialization has timed out after 90.0 sec.")
                                         << QStringLiteral("experiment tracker");
        QTest::newRow("frame-of-an-http-client")
            << QStringLiteral("  /usr/lib/python3.10/urllib/request.py(563): error\n"
                              "urllib.error.HTTPError: HTTP Error 403: rate limit exceeded")
            << QStringLiteral("network (HTTP)");
        // Python 3.9's socket.timeout ends the traceback under a warning that the driver is old: the run died on the
        // download, the warning was on the way.
        QTest::newRow("socket-timeout-after-a-driver-warning") << QStringLiteral(
            "/env/lib/python3.9/site-packages/torch/cuda/__init__.py:88: UserWarning: CUDA "
            "initialization: The NVIDIA driver on your system is too old (found version 11040).\n"
            "Traceback (most recent call last):\n"
            "  File \"/env/lib/python3.9/site-packages/urllib3/connection.py\", line 174, in "
            "_new_conn\n"
            "    conn = connection.create_connection(\n"
            "socket.timeout: timed out") << QStringLiteral("network (HTTP)");
        // A full disk stops the compiler writing its output: the compile failure after it is the disk's doing.
        QTest::newRow("disk-full-inside-a-compile") << QStringLiteral(
            "kernel.cu(12): catastrophic error: cannot write the intermediate file: No space left on "
            "device\n"
            "1 catastrophic error detected in the compilation of \"kernel.cu\".\n"
            "Compilation terminated.") << QStringLiteral("host storage (disk full)");
    }
    void outsideTheStack()
    {
        QFETCH(QString, log);
        QFETCH(QString, layer);
        const Diagnosis d = diagnose(log);
        QCOMPARE(d.cls, FailureClass::Unknown);
        QCOMPARE(d.outsideStack, layer);
        QVERIFY(d.explanation.contains(QStringLiteral("outside the accelerator stack")));
        QCOMPARE(d.toJson().value(u"outside_stack").toString(), layer);
        // The same words from the stack itself still count.
        QCOMPARE(diagnose(u"Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5) ran for 600013 ms").cls,
            FailureClass::TimeoutHang);
    }

    // Version skew shows up as whatever layer broke first; the mechanism is what the rules read.
    void versionSkew_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<FailureClass>("expected");
        QTest::newRow("undefined-symbol") << QStringLiteral(
            "ImportError: /x/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: "
            "_ZN3c104cuda9SetDeviceEi") << FailureClass::DriverRuntimeMismatch;
        // The linker's own "undefined symbol" is a link that lacks a library, not a binary of another release.
        QTest::newRow("linker-undefined-symbol")
            << QStringLiteral("[ 41%] Linking HIP executable ../bin/qr\n"
                              "ld.lld: error: undefined symbol: rocblas_dgemm\n"
                              ">>> referenced by householder.hip:166\n"
                              "clang++: error: linker command failed with exit code 1 (use -v to see invocation)")
            << FailureClass::CompileError;
        // A forwarder's INFO in front of the program's exception does not make the exception an INFO line.
        QTest::newRow("forwarded-exception") << QStringLiteral(
            "2024-09-18T10:22:08,213 [INFO ] W-9000-model-stdout MODEL_LOG -     import torch_neuronx\n"
            "2024-09-18T10:22:08,214 [INFO ] W-9000-model-stdout MODEL_LOG - ModuleNotFoundError: No "
            "module named 'torch_neuronx'\n"
            "2024-09-18T10:22:08,219 [WARN ] W-9000-model-thread BatchAggregator - Load model failed: "
            "model, error: Worker died.") << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("pybind-signature") << QStringLiteral(
            "TypeError: grid_encode_forward(): incompatible function arguments. The following argument types are "
            "supported:") << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("missing-submodule")
            << QStringLiteral("ModuleNotFoundError: No module named 'optimum.commands.env'")
            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("jaxlib-newer") << QStringLiteral(
            "RuntimeError: jaxlib version 0.4.14 is newer than and incompatible with jax version 0.4.6.")
                                      << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("ptx-isa") << QStringLiteral(
            "Feature 'cvt with .e4m3x2/.e5m2x2 on sm_89' requires PTX ISA .version 8.1 or later")
                                 << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("neff-features") << QStringLiteral(
            "ERROR NEFF:neff_parse NEFF version: 2.0, features: 0x100 are not supported. Currently supporting: 0xff")
                                       << FailureClass::DriverRuntimeMismatch;
        // Neuron runtime status codes (nrt_status.h): 10 unsupported NEFF, 4 resource, 9 not enough cores,
        // 1006 out-of-bounds access.
        QTest::newRow("nrt-10") << QStringLiteral("RuntimeError: nrt_load_collectives status=10")
                                << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("nrt-4") << QStringLiteral(
            "RuntimeError: nrt_load_collectives status=4 message=\"Allocation Failure\"")
                               << FailureClass::DeviceOom;
        QTest::newRow("nrt-9") << QStringLiteral("nrt_load status=9") << FailureClass::NoDevice;
        QTest::newRow("nrt-1006") << QStringLiteral("nrt_execute status=1006") << FailureClass::IllegalMemoryAccess;
        // The stack's own code (Inductor) calls the launcher another Triton release generated: its innermost frame of
        // a file is in an installed package. The same call from the program's own file says nothing of versions.
        const QString launcherCall = QStringLiteral("Traceback (most recent call last):\n"
                                                    "  File \"%1\", line 353, in run\n"
                                                    "    return launcher(\n"
                                                    "  File \"<string>\", line 6, in launcher\n"
                                                    "TypeError: function takes exactly 15 arguments (14 given)");
        QTest::newRow("stack-calls-itself-with-another-signature")
            << launcherCall.arg(u"/opt/conda/lib/python3.9/site-packages/torch/_inductor/triton_heuristics.py")
            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("program-calls-with-another-signature")
            << launcherCall.arg(u"/home/u/model.py") << FailureClass::Unknown;
        // PyTorch's C++ API removed in a release: an extension written for an older PyTorch.
        QTest::newRow("removed-pytorch-macro")
            << QStringLiteral("src/iou_cuda.cpp:4:23: error: \u2018AT_CHECK\u2019 was not declared in this scope")
            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("removed-pytorch-header") << QStringLiteral(
            "horovod/torch/cuda_util.cc:18:10: fatal error: THC/THC.h: No such file or directory\n"
            "compilation terminated.") << FailureClass::DriverRuntimeMismatch;
        // A library without a function its caller expects; a package's loader without the native library it derives
        // from the installed versions.
        QTest::newRow("library-lacks-function")
            << QStringLiteral("2021-07-20 13:32:45.335463: F external/org_tensorflow/tensorflow/core/tpu/"
                              "tpu_executor_init_fns.inc:110] TpuTransferManager_ReadDynamicShapes not available in "
                              "this library.\nAborted (core dumped)")
            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("native-library-not-found") << QStringLiteral(
            "RuntimeError: Configured ROCm binary not found at /x/site-packages/bitsandbytes/"
            "libbitsandbytes_rocm84.so") << FailureClass::DriverRuntimeMismatch;
        // A target feature is not a version: bf16 below sm_80 is unsupported on the target.
        QTest::newRow("target-feature") << QStringLiteral(
            "ptxas /tmp/x.ptx, line 91; error   : Feature '.bf16' requires .target sm_80 or higher")
                                        << FailureClass::UnsupportedOnTarget;
    }
    void versionSkew()
    {
        QFETCH(QString, log);
        QFETCH(FailureClass, expected);
        QCOMPARE(diagnose(log).className(), failureClassName(expected));
    }

    // A CUDA or HIP status by its number alone is the runtime's enum (HIP mirrors CUDA); a number no status of the
    // classes has decides nothing.
    void statusNumbers_data()
    {
        QTest::addColumn<QString>("log");
        QTest::addColumn<FailureClass>("expected");
        QTest::newRow("700") << QStringLiteral(
            "RuntimeError: Cuda error: 700[cudaLaunchKernel((void*)fineRasterKernel,")
                             << FailureClass::IllegalMemoryAccess;
        QTest::newRow("2") << QStringLiteral(
            "RuntimeError: ops/src/indice_cuda.cu 124\ncuda execution failed with error 2")
                           << FailureClass::DeviceOom;
        QTest::newRow("0100") << QStringLiteral("checkHipErrors() HIP API error = 0100 from file <main.hip>")
                              << FailureClass::NoDevice;
        QTest::newRow("702") << QStringLiteral("CUDA error 702 at kernel.cu:88") << FailureClass::TimeoutHang;
        QTest::newRow("701") << QStringLiteral("CUDA failure 701 in launch") << FailureClass::LaunchConfig;
        QTest::newRow("209") << QStringLiteral("CUDA error code=209 at main.cu:12")
                             << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("tritons-launcher-209") << QStringLiteral("kernel check failed: Triton Error [CUDA]: Code: 0209")
                                              << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("tritons-launcher-700")
            << QStringLiteral("Triton Error [HIP]: Code: 700") << FailureClass::IllegalMemoryAccess;
        QTest::newRow("status-type-printed-with-its-value")
            << QStringLiteral("INTERNAL: Failed call to hipModuleGetFunction: hipError_t(98)")
            << FailureClass::DriverRuntimeMismatch;
        QTest::newRow("typed-status-of-another-class")
            << QStringLiteral("stream sync returned cudaError_t(700)") << FailureClass::IllegalMemoryAccess;
        QTest::newRow("1") << QStringLiteral("transport/nvls.cc:244 NCCL WARN Cuda failure 1") << FailureClass::Unknown;
        QTest::newRow("not-a-status") << QStringLiteral("CUDA 12.2 failed to install 2 packages")
                                      << FailureClass::Unknown;
    }
    void statusNumbers()
    {
        QFETCH(QString, log);
        QFETCH(FailureClass, expected);
        QCOMPARE(diagnose(log).className(), failureClassName(expected));
    }

    // What a library reports at INFO level is what it tried, not a failure: alone, it decides nothing.
    void infoLinesAlone()
    {
        const Diagnosis probe = diagnose(u"I0521 10:00:01.123456 140 xla_bridge.py:841] Unable to initialize backend "
                                         u"'tpu': INTERNAL: Failed to open libtpu.so: libtpu.so: cannot open shared "
                                         u"object file: No such file or directory");
        QCOMPARE(probe.cls, FailureClass::Unknown);
        QCOMPARE(probe.alternatives.first().cls, FailureClass::DriverRuntimeMismatch);
        const Diagnosis failed = diagnose(u"I0521 10:00:01.123456 140 xla_bridge.py:841] Unable to initialize backend "
                                          u"'tpu': INTERNAL: Failed to open libtpu.so\n"
                                          u"RuntimeError: CUDA error: an illegal memory access was encountered");
        QCOMPARE(failed.cls, FailureClass::IllegalMemoryAccess);
    }

    // Confidence: a tool's own message for one cause is surer than a wrapper alone, which is surer than a hint;
    // a close rival of the same kind lowers it; `unknown` says how sure it is that no class applies.
    void confidence()
    {
        const double definite
            = diagnose(u"RuntimeError: CUDA error: an illegal memory access was encountered").confidence;
        const double wrapperOnly = diagnose(u"RuntimeError: Compilation failed").confidence;
        const double hint = diagnose(u"Segmentation fault (core dumped)").confidence;
        QVERIFY2(definite >= 0.9, qPrintable(QString::number(definite)));
        QVERIFY(wrapperOnly < definite && hint < wrapperOnly);
        const double close = diagnose(u"RuntimeError: CUDA out of memory. Tried to allocate 2 GiB\n"
                                      u"RuntimeError: CUDA error: an illegal memory access was encountered")
                                 .confidence;
        QVERIFY2(close < definite, qPrintable(QString::number(close)));
        const Diagnosis ranked = diagnose(u"RuntimeError: Compilation failed\nSegmentation fault (core dumped)");
        QCOMPARE(ranked.cls, FailureClass::CompileError);
        QCOMPARE(ranked.alternatives.first().cls, FailureClass::Crash);
        QCOMPARE(ranked.alternatives.first().kind, QStringLiteral("hint"));
        QVERIFY(diagnose(u"requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='x'): Read timed out.").confidence
            > diagnose(u"KeyError: 'weight'").confidence);
        // A compile error inside the toolchain's own headers is less sure, and names the versions as the runner-up;
        // a static assertion there is a check the caller's code failed, as sure as an error in the program's sources.
        const Diagnosis inHeader = diagnose(u"/usr/local/cuda-11.2/include/cuda_bf16.hpp(410): error: more than one "
                                            u"conversion function from \"__nv_bfloat16\" to a built-in type applies");
        QCOMPARE(inHeader.cls, FailureClass::CompileError);
        QVERIFY2(inHeader.confidence <= 0.6, qPrintable(QString::number(inHeader.confidence)));
        QCOMPARE(inHeader.alternatives.first().cls, FailureClass::DriverRuntimeMismatch);
        // A device the runtime cannot find names the installation that may not fit it as the alternative to rule out,
        // and says so; a mismatch the log itself shows stays the one it names.
        const Diagnosis missing
            = diagnose(u"numba.cuda.cudadrv.driver.CudaAPIError: [100] Call to cuInit results in CUDA_ERROR_NO_DEVICE");
        QCOMPARE(missing.cls, FailureClass::NoDevice);
        QVERIFY(std::any_of(missing.alternatives.cbegin(), missing.alternatives.cend(),
            [](const Alternative& a) { return a.cls == FailureClass::DriverRuntimeMismatch && a.kind == u"hint"; }));
        QVERIFY2(missing.explanation.contains(QStringLiteral("one time in five")), qPrintable(missing.explanation));
        const Diagnosis both = diagnose(u"CUDA driver version is insufficient for CUDA runtime version "
                                        u"RuntimeError: No CUDA GPUs are "
                                        u"available");
        QVERIFY(!both.explanation.contains(QStringLiteral("one time in five")));
        QVERIFY(diagnose(u"/opt/rocm-6.1.0/include/hip/amd_detail/amd_warp_functions.h:120:3: error: static assertion "
                         u"failed due to requirement 'sizeof(T) == 8'")
                    .confidence
            > 0.8);
        QVERIFY(diagnose(u"kernels/scan.cu(41): error: expected a \";\"").confidence > 0.8);
        // ... and so is an error there that the compiler traces back to the program's code through a template's
        // instantiation (gcc's "required from here", clang's "requested here", nvcc's "at line N of").
        const QString fromTheProgram[] = {
            QStringLiteral("/usr/include/c++/12/bits/stl_algo.h: In instantiation of 'void std::sort(It, It, C)':\n"
                           "src/topk.cpp:14:18:   required from here\n"
                           "/usr/include/c++/12/bits/predefined_ops.h:158:30: error: expression cannot be used as a "
                           "function"),
            QStringLiteral("/usr/lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/predefined_ops.h:158:23: "
                           "error: called object type 'int' is not a function or function pointer\n"
                           "src/topk.cpp:14:5: note: in instantiation of function template specialization "
                           "'std::sort<int *, int>' requested here"),
            QStringLiteral("/usr/include/c++/12/bits/predefined_ops.h(158): error: expression preceding parentheses "
                           "of apparent call must have (pointer-to-) function type\n          detected during:\n"
                           "            instantiation of \"void std::sort(It, It, C) [with C=int]\" at line 14 of "
                           "src/topk.cu"),
        };
        for (const QString& log : fromTheProgram) {
            const Diagnosis d = diagnose(log);
            QCOMPARE(d.cls, FailureClass::CompileError);
            QVERIFY2(d.confidence > 0.8, qPrintable(log));
        }
    }
};

QTEST_GUILESS_MAIN(TestDiagnoseStructure)
#include "tst_diagnosestructure.moc"
