import { decodeLinks } from '../../../../src/data/wire/links';
import { decodePositions } from '../../../../src/data/wire/positions';
import { visibleLinkIndices } from '../../../../src/renderer/linkIndices';
import { starSizes } from '../../../../src/renderer/starStyle';

export interface BenchScene {
  positions: Float32Array;
  colors: Uint8Array;
  sizes: Float32Array;
  /** Star id pairs of the links short enough to draw. */
  links: Uint32Array;
}

const SCALE = 1.75;

export async function loadGalaxyScene(name: string): Promise<BenchScene> {
  const manifest = (await (await fetch(`/data/${name}/manifest.json`)).json()) as { last: string };
  const base = `/data/${name}/${manifest.last}`;
  const [positionsBin, linksBin] = await Promise.all([
    fetch(`${base}/positions.bin`).then((r) => r.arrayBuffer()),
    fetch(`${base}/links.bin`).then((r) => r.arrayBuffer()),
  ]);
  const { positions, nodeCount } = decodePositions(positionsBin, SCALE);
  const links = decodeLinks(linksBin, nodeCount);
  let maxIn = 0;
  for (let i = 0; i < nodeCount; i++) maxIn = Math.max(maxIn, links.inOffsets[i + 1] - links.inOffsets[i]);
  return {
    positions,
    colors: new Uint8Array(nodeCount * 4).fill(255),
    sizes: starSizes(links.inOffsets, maxIn),
    links: visibleLinkIndices(positions, links.outOffsets, links.outTargets, 150, SCALE),
  };
}

/** `count` stars spread through a ball of radius 15000, sizes 15 to 215, no links. */
export function syntheticScene(count: number): BenchScene {
  let state = 12345;
  const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const positions = new Float32Array(count * 3);
  const sizes = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const r = 15000 * Math.cbrt(random());
    const theta = random() * 2 * Math.PI, phi = Math.acos(2 * random() - 1);
    positions[i * 3] = r * Math.sin(phi) * Math.cos(theta);
    positions[i * 3 + 1] = r * Math.sin(phi) * Math.sin(theta);
    positions[i * 3 + 2] = r * Math.cos(phi);
    sizes[i] = 15 + 200 * random() ** 8;
  }
  return { positions, colors: new Uint8Array(count * 4).fill(255), sizes, links: new Uint32Array(0) };
}
