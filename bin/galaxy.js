#!/usr/bin/env node
// The CLI is TypeScript shared with the viewer; tsx compiles it on the fly so `npx galaxy` needs no build step.
import { register as registerHooks } from 'node:module';
import { register } from 'tsx/esm/api';

register();
// The GPU layout's WGSL shaders are imported as text (`?raw`), as Vite does.
registerHooks('../scripts/raw-text-hooks.mjs', import.meta.url);
await import('../src/cli/main.ts');
