#!/usr/bin/env bash
# The GPU layout measured on a machine with a real GPU (docs/decisions.md, "The GPU layout in Node through Dawn"):
# run from the repository root where Node and the `webgpu` package are installed, with the GPU's
# Vulkan driver named, e.g.
#   VK_ICD_FILENAMES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json scripts/gpu-measure.sh
# Prints one JSON document (interactions per star per iteration, seconds per iteration, per-pass
# timestamps, the CPU's force pass on the same machine, convergence and quality) on stdout.
set -euo pipefail
export BENCH_GPULAYOUT_SIZES="${BENCH_GPULAYOUT_SIZES:-10000,100000,1000000,10000000}"
export BENCH_GPULAYOUT_SHARED="${BENCH_GPULAYOUT_SHARED:-crates,npm}"
export BENCH_GPULAYOUT_CONVERGE="${BENCH_GPULAYOUT_CONVERGE:-uniform-10000,clustered-10000,elm,crates}"
export BENCH_GPULAYOUT_ITERATIONS="${BENCH_GPULAYOUT_ITERATIONS:-5}"
exec node --import tsx --import ./scripts/register-raw-text.mjs tests/bench/gpulayout/measureGpuLayout.ts
