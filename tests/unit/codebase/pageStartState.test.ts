import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../support/sourceImports';

const root = path.resolve(import.meta.dirname, '../../..');

/** Where the page's entry once kept what it started in module variables; they now live in the one start object (src/boot/pageStart.ts). */
const STATELESS_MODULES = ['src/renderer/webgl2/device.ts', 'src/renderer/webgpu/device.ts', 'src/boot/earlyRequests.ts', 'src/boot/pageStart.ts', 'src/renderer/earlyGpu.ts'];

/** Module-level declarations that hold state: a `let`, or a `const` made with `new` (a map, a set, a held canvas). */
function moduleState(text: string): string[] {
  return text.split('\n').filter((line) => /^(export\s+)?let\s/.test(line) || /^(export\s+)?const\s+\w+(\s*:[^=]+)?\s*=\s*new\s/.test(line));
}

describe('what the page started before the viewer ran', () => {
  it('is held by the start object, not in module variables', () => {
    const found = STATELESS_MODULES.flatMap((file) => moduleState(readFileSync(path.join(root, file), 'utf8')).map((line) => `${file}: ${line.trim()}`));
    expect(found).toEqual([]);
  });

  it('is orchestrated in src/boot/, not on the data floor', () => {
    expect(existsSync(path.join(root, 'src/data/earlyRequests.ts'))).toBe(false);
  });

  it('reaches the viewer as one object: the entry hands it to runViewer, which hands it to startViewer', () => {
    expect(readFileSync(path.join(root, 'src/boot.ts'), 'utf8')).toMatch(/runViewer\(start\)/);
    expect(readFileSync(path.join(root, 'src/main.tsx'), 'utf8')).toMatch(/startViewer\(store, \{ start \}\)/);
  });
});

describe("the page's backend policy", () => {
  it('is built once, where the viewer reads the start object (src/app/startViewer.ts), and read from the state everywhere else', () => {
    const callers = filesUnder('src').filter((file) => /BackendPolicy\.ofPage\(/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(callers).toEqual(['src/app/startViewer.ts']);
  });
});
