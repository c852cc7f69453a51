// Worker threads start without the parent's tsx hooks: register them, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./repulsionWorker.ts');
