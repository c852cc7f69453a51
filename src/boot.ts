import { DEFAULT_DATA_ROOT } from './data/dataRoot';
import { startEarlyRequests } from './data/earlyRequests';
import './app/theme.css';

// The page's entry, small so that it runs while the viewer's code still downloads (index.html
// preloads it): the galaxy's first files are asked for now, not once React and the viewer have started.
startEarlyRequests(location.href, DEFAULT_DATA_ROOT);
void import('./main');
