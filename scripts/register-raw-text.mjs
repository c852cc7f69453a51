// `node --import ./scripts/register-raw-text.mjs`: Vite's `?raw` imports in Node (see raw-text-hooks.mjs).
import { register } from 'node:module';

register('./raw-text-hooks.mjs', import.meta.url);
