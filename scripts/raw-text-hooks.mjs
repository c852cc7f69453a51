// Node module hooks: `import text from './file.wgsl?raw'` gives the file's text, as Vite does, so
// that the GPU layout's shaders load the same way in Node (the CLI, the bench) as in the browser.
import { readFile } from 'node:fs/promises';

export async function resolve(specifier, context, nextResolve) {
  if (!specifier.endsWith('?raw')) return nextResolve(specifier, context);
  const url = new URL(specifier.slice(0, -'?raw'.length), context.parentURL);
  return { url: `${url.href}?raw`, shortCircuit: true };
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('?raw')) return nextLoad(url, context);
  const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
