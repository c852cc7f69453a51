import { PageStart } from './boot/pageStart';
import { DEFAULT_DATA_ROOT } from './data/dataRoot';
import './app/theme.css';

// The page's entry, small so that it runs while the viewer's code still downloads (index.html
// preloads it): a galaxy's first files, and the GPU device that will draw it, are asked for now, not
// once React and the viewer have started. A tiled galaxy's first stars are drawn here too, and the
// viewer's code runs after them (src/boot/firstStars.ts), handed what was started as one object.
const start = PageStart.begin(location.href, DEFAULT_DATA_ROOT);
void start.firstStars.then(() => import('./main')).then(({ runViewer }) => runViewer(start));
