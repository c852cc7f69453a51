#!/usr/bin/env node
// The CLI is TypeScript shared with the viewer; tsx compiles it on the fly so `npx galaxy` needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
