import { paintFirstStarsEarly } from './boot/firstStars';
import { DEFAULT_DATA_ROOT } from './data/dataRoot';
import { startEarlyRequests } from './data/earlyRequests';
import { BackendPolicy } from './renderer/backendPolicy';
import { startWebGPUDevice } from './renderer/webgpu/device';
import './app/theme.css';

// The page's entry, small so that it runs while the viewer's code still downloads (index.html
// preloads it): a galaxy's first files, and the GPU device that will draw it, are asked for now, not
// once React and the viewer have started. A tiled galaxy's first stars are drawn here too, and the
// viewer's code runs after them (src/boot/firstStars.ts).
const opensGalaxy = startEarlyRequests(location.href, DEFAULT_DATA_ROOT);
const policy = BackendPolicy.ofPage();
if (opensGalaxy && policy.triesFirst('webgpu')) startWebGPUDevice();
const firstStars = opensGalaxy ? paintFirstStarsEarly(location.href, policy) : Promise.resolve();
void firstStars.then(() => import('./main'));
