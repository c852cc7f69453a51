/**
 * `npm run bench [-- suite ...]`: runs each suite in tests/bench/suites, prints one JSON document
 * and writes it to bench-results/latest.json. Every figure sits next to a baseline measured in the same run.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchSuite {
  name: string;
  run(): Promise<Record<string, unknown>>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const suiteFiles = readdirSync(path.join(here, 'suites'))
  .filter((file) => file.endsWith('.ts'))
  .sort();

const results: Record<string, unknown> = {};
for (const file of suiteFiles) {
  const mod = (await import(pathToFileURL(path.join(here, 'suites', file)).href)) as { default: BenchSuite };
  const suite = mod.default;
  if (wanted.length > 0 && !wanted.includes(suite.name)) continue;
  process.stderr.write(`bench: ${suite.name}...\n`);
  try {
    results[suite.name] = await suite.run();
  } catch (error) {
    results[suite.name] = { error: error instanceof Error ? error.message : String(error) };
  }
}

const report = { date: new Date().toISOString(), node: process.version, results };
mkdirSync('bench-results', { recursive: true });
writeFileSync(path.join('bench-results', 'latest.json'), JSON.stringify(report, null, 2));
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
