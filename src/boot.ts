import { DEFAULT_DATA_ROOT } from './data/dataRoot';
import { startEarlyRequests } from './data/earlyRequests';
import { backendOrder, forcedBackend } from './renderer/backendOrder';
import { startWebGPUDevice } from './renderer/webgpu/device';
import './app/theme.css';

// The page's entry, small so that it runs while the viewer's code still downloads (index.html
// preloads it): a galaxy's first files, and the GPU device that will draw it, are asked for now, not
// once React and the viewer have started.
const opensGalaxy = startEarlyRequests(location.href, DEFAULT_DATA_ROOT);
if (opensGalaxy && backendOrder(forcedBackend(location.search))[0] === 'webgpu') startWebGPUDevice();
void import('./main');
