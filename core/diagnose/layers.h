// SPDX-FileCopyrightText: 2026 The Kernel Review Workbench authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which layer of the stack printed a log line: the driver or runtime, a compiler, a JIT, XLA/Mosaic, the
// Neuron compiler or runtime, a test harness, or something outside the accelerator stack altogether (an
// HTTP download, an experiment tracker). diagnosis uses it three ways: a bare phrase on a line of a layer
// outside the stack votes for nothing ("Read timed out" from urllib3 is not a hung kernel); a compiler that
// reports a failure without naming one says at least that compilation failed; and the explanation names the
// layers of the cause line and of the wrapper line.

#include "core/diagnose/failureclass.h"

#include <QList>
#include <QString>

#include <optional>

namespace kwb::detail {

enum class Layer {
    None, ///< not recognised
    Network, ///< HTTP clients and downloads (urllib3, requests, the Hugging Face Hub): outside the stack
    Tracker, ///< experiment trackers (Weights & Biases): outside the stack
    Storage, ///< cloud storage and data files (botocore, s3fs, GCS, pandas' parsers, YAML, JSON): outside the stack
    HostStorageFull, ///< the host's disk or quota full (ENOSPC, "Disk quota exceeded"): outside the stack
    Images, ///< container images and registries (pulls, compose builds): outside the stack
    HostPackages, ///< a build's configure step not finding a host library outside the stack (CMake's Boost): outside
    Installer, ///< pip's own report lines: a package it could not find or build names no compiler's failure
    Loader, ///< Python's imports and the dynamic loader: where version skew first shows
    NeuronCompiler, ///< neuronx-cc / neuron-cc and their back ends (penguin, tensorizer, walrus, BIR)
    NeuronRuntime, ///< the Neuron runtime (NRT, nrtd, TDRV, NEFF loading)
    XlaCompiler, ///< XLA's compiler passes and emitters, JAX's backend_compile, Mosaic
    TritonJit, ///< Triton's compiler and the MLIR/LLVM passes under it
    Inductor, ///< TorchDynamo / TorchInductor
    DeviceCompiler, ///< nvcc, ptxas, NVRTC, hipcc, clang/gcc and linkers building device code
    GpuRuntime, ///< the CUDA/HIP runtime and driver, and their libraries (cuBLAS, cuDNN, NCCL, …)
    Harness, ///< test frameworks and comparisons (pytest, gtest, torch.testing, numpy.testing)
};

/// A pattern naming one layer; required literals as for the rules.
struct LayerRule {
    Layer layer;
    const char* pattern; ///< PCRE2, case-insensitive, matched against the whole line (prefixes name tools)
};

/// In priority order: a line is attributed to the first layer whose pattern it matches, in the component its
/// prefix names when there is one (who printed the line), else in the line.
const QList<LayerRule>& layerRules();

/// "Neuron compiler", "network (HTTP)", … for explanations; empty for Layer::None.
QString layerName(Layer layer);

/// Layers whose failures are not failures of the accelerator stack, so no class fits them.
bool isOutsideStack(Layer layer);

/// The class a layer's own failure report means when the line names no cause: a compiler that fails has
/// failed to compile. Nothing for layers whose failures can be anything.
std::optional<FailureClass> layerFailureClass(Layer layer);

} // namespace kwb::detail
