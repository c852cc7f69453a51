/**
 * Debian's Chromium and the headless flags that keep WebGL2 and WebGPU working here (see README).
 * Used at run time by `galaxy thumbnail` and by the test and benchmark browsers alike.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function chromiumArgs({ webgpu }: { webgpu: boolean }): string[] {
  const base = [
    '--no-sandbox',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--enable-unsafe-swiftshader',
    '--use-angle=swiftshader',
  ];
  if (!webgpu) return base;
  return [...base, '--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader'];
}
