#!/usr/bin/env bash
# The GPU layout measured on a machine with a real GPU (docs/decisions.md, "The GPU layout's tree"):
# run from the repository root where Node and the `webgpu` package are installed, with the GPU's
# Vulkan driver named, e.g.
#   VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/nvidia_icd.json scripts/gpu-measure.sh > gpu.json
# Prints one JSON document on stdout (progress on stderr): gpuLayout (per graph, interactions per
# star per iteration for the tree and the cell pyramid, seconds per iteration, per-pass timestamps,
# the CPU layout's force pass on all this machine's threads; generated 10k to 10M stars, uniform and
# clustered, the shared crates and npm; to convergence with both quality measures: the generated
# 10k, elm, crates, npm and the 10M generated galaxy; the CPU's force pass is skipped above 1M
# stars) and gpuRender (the WebGPU renderer into an offscreen texture: GPU time per pass and per
# frame for npm and generated 1M and 10M galaxies with links, at 1280x800 and 2560x1440) and gpuBudget
# (the star budget fed by the renderer's GPU frame times on a generated 10M galaxy: where it settles
# for 60, 120 and 240 frames a second, and after the canvas grows from 1280x800 to 2560x1440).
# scripts/gpu-pack.sh packs the renderer's and the budget's measurements for a GPU machine without Node.
# `scripts/gpu-measure.sh render` measures the renderer alone, `layout` the layout alone, `budget`
# the budget alone.
set -euo pipefail
export BENCH_GPULAYOUT_SIZES="${BENCH_GPULAYOUT_SIZES:-10000,100000,1000000,10000000}"
export BENCH_GPULAYOUT_SHARED="${BENCH_GPULAYOUT_SHARED:-crates,npm}"
export BENCH_GPULAYOUT_CONVERGE="${BENCH_GPULAYOUT_CONVERGE:-uniform-10000,clustered-10000,elm,crates,npm,uniform-10000000}"
export BENCH_GPULAYOUT_METHODS="${BENCH_GPULAYOUT_METHODS:-tree,octree}"
export BENCH_GPULAYOUT_CPU_UP_TO="${BENCH_GPULAYOUT_CPU_UP_TO:-1000000}"
export BENCH_GPULAYOUT_ITERATIONS="${BENCH_GPULAYOUT_ITERATIONS:-5}"
export BENCH_GPURENDER_GALAXIES="${BENCH_GPURENDER_GALAXIES:-npm,generated-1000000,generated-10000000}"
export BENCH_GPURENDER_FRAMES="${BENCH_GPURENDER_FRAMES:-30}"
# GPU_MEASURE_BUNDLES: a folder of the scripts bundled by scripts/gpu-pack.sh, on a machine without the repository.
measure() {
  if [ -n "${GPU_MEASURE_BUNDLES:-}" ]; then node --max-old-space-size=65536 "$GPU_MEASURE_BUNDLES/$(basename "$1" .ts).mjs" | tail -n 1
  else node --max-old-space-size=65536 --import tsx --import ./scripts/register-raw-text.mjs "$1" | tail -n 1; fi
}
what="${1:-all}"
layout=null render=null budget=null
if [ "$what" = all ] || [ "$what" = layout ]; then layout="$(measure tests/bench/gpulayout/measureGpuLayout.ts)"; fi
if [ "$what" = all ] || [ "$what" = render ]; then render="$(measure tests/bench/gpurender/measureGpuRender.ts)"; fi
if [ "$what" = all ] || [ "$what" = budget ]; then budget="$(measure tests/bench/gpurender/measureGpuBudget.ts)"; fi
printf '{"gpuLayout":%s,"gpuRender":%s,"gpuBudget":%s}\n' "$layout" "$render" "$budget"
