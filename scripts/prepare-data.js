#!/usr/bin/env node
// The viewer's default data root is ./data. When it holds no galaxy yet (the built-in galaxies are
// built by `galaxy build`), write a small generated one so `npm start` always has something to show.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve('data');
const hasGalaxy =
  existsSync(dataDir) &&
  readdirSync(dataDir, { withFileTypes: true }).some(
    (entry) => entry.isDirectory() && existsSync(path.join(dataDir, entry.name, 'manifest.json')),
  );

if (!hasGalaxy) {
  const name = 'sample';
  const version = 'generated';
  const nodeCount = 3000;
  let seed = 42;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);

  // A two-armed spiral with some thickness, edges between stars close in index (and so in space).
  const positions = new Int32Array(nodeCount * 3);
  for (let i = 0; i < nodeCount; i++) {
    const arm = i % 2;
    const t = (i / nodeCount) * 4 * Math.PI;
    const radius = 80 + t * 120 + random() * 120;
    const angle = t + arm * Math.PI + random() * 0.4;
    positions[i * 3] = Math.round(Math.cos(angle) * radius);
    positions[i * 3 + 1] = Math.round((random() - 0.5) * 160);
    positions[i * 3 + 2] = Math.round(Math.sin(angle) * radius);
  }
  const links = [];
  for (let i = 0; i < nodeCount; i++) {
    links.push(-(i + 1));
    const count = Math.floor(random() * 3);
    for (let k = 0; k < count; k++) {
      const target = (i + 2 + Math.floor(random() * 40)) % nodeCount;
      links.push(target + 1);
    }
  }
  const labels = Array.from({ length: nodeCount }, (_, i) => `star-${i}`);

  const versionDir = path.join(dataDir, name, version);
  mkdirSync(versionDir, { recursive: true });
  writeFileSync(path.join(versionDir, 'positions.bin'), Buffer.from(positions.buffer));
  writeFileSync(path.join(versionDir, 'links.bin'), Buffer.from(new Int32Array(links).buffer));
  writeFileSync(path.join(versionDir, 'labels.json'), JSON.stringify(labels));
  writeFileSync(
    path.join(dataDir, name, 'manifest.json'),
    JSON.stringify({ all: [version], last: version, meta: { title: 'Sample galaxy', description: 'A generated spiral' } }),
  );
  console.log(`data/ had no galaxy: wrote a generated one to data/${name}`);
}
