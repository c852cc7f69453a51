import { seededRandom } from '../layout/random';
import { galaxyRadius } from '../layout/scaleToGalaxy';

/** Where stars are drawn before the layout has run: evenly through a ball of the galaxy's final size. */
export function startingPositions(nodeCount: number, seed = 1): Float32Array {
  const random = seededRandom(seed);
  const radius = galaxyRadius(nodeCount);
  const positions = new Float32Array(3 * nodeCount);
  for (let i = 0; i < nodeCount; i++) {
    const z = 2 * random() - 1;
    const angle = 2 * Math.PI * random();
    const ring = Math.sqrt(1 - z * z);
    const r = radius * Math.cbrt(random());
    positions[3 * i] = Math.round(r * ring * Math.cos(angle));
    positions[3 * i + 1] = Math.round(r * ring * Math.sin(angle));
    positions[3 * i + 2] = Math.round(r * z);
  }
  return positions;
}
