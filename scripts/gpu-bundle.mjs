// Bundles one measuring script (tests/bench/...) into one ES module for a machine without the
// repository's node_modules: shaders imported with `?raw` become their text, as Vite and
// scripts/raw-text-hooks.mjs make them; the `webgpu` package (Dawn) stays outside, beside it.
//   node scripts/gpu-bundle.mjs <entry.ts> <out.mjs>
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error('usage: node scripts/gpu-bundle.mjs <entry.ts> <out.mjs>');
  process.exit(2);
}
const rawText = {
  name: 'raw-text',
  setup(bundler) {
    bundler.onResolve({ filter: /\?raw$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)), namespace: 'raw-text' }));
    bundler.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
  },
};
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['webgpu'],
  plugins: [rawText],
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require().
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
});
