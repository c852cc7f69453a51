import { paintFirstStars } from './boot/firstStarsPainter';
import { DEFAULT_DATA_ROOT } from './data/dataRoot';
import { peekEarlyTiles, startEarlyRequests } from './data/earlyRequests';
import { backendOrder, forcedBackend } from './renderer/backendOrder';
import { startWebGL2Context } from './renderer/webgl2/device';
import { startWebGPUDevice } from './renderer/webgpu/device';
import { DEFAULT_SCALE } from './url/viewQuery';
import './app/theme.css';

// The page's entry, small so that it runs while the viewer's code still downloads (index.html
// preloads it): a galaxy's first files, and the GPU device that will draw it, are asked for now, not
// once React and the viewer have started.
const opensGalaxy = startEarlyRequests(location.href, DEFAULT_DATA_ROOT);
const first = backendOrder(forcedBackend(location.search))[0];
if (opensGalaxy && first === 'webgpu') startWebGPUDevice();

async function paint(): Promise<void> {
  const tiles = await peekEarlyTiles();
  if (!tiles) return;
  const gl = startWebGL2Context();
  if (!gl) return;
  const [source, root] = await Promise.all([tiles.source, tiles.root]);
  paintFirstStars(gl, source.index, root, DEFAULT_SCALE);
}

const painting = opensGalaxy && first === 'webgl2' && !location.search.includes('paint=0');
if (painting) {
  void Promise.race([paint().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000))]).then(() => import('./main'));
} else {
  void import('./main');
}
