/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { dataDirsFromEnv, dataRootMiddleware } from './src/server/dataRootMiddleware.ts';
import { setViewerSecurityHeaders } from './src/server/contentSecurityPolicy.ts';
import { chromiumArgs, chromiumPath } from './tests/support/chromium.ts';

const projectRoot = path.dirname(fileURLToPath(import.meta.url));

/** Serves GALAXY_DATA_DIR (default: ./data) at /data on the dev and preview servers. */
function galaxyDataRoot(): Plugin {
  const middleware = () => dataRootMiddleware('/data', dataDirsFromEnv(process.env, projectRoot));
  return {
    name: 'galaxy-data-root',
    configureServer(server) {
      server.middlewares.use(middleware());
    },
    configurePreviewServer(server) {
      // The built viewer is previewed under the policy `galaxy serve` sends (no dev server: it injects inline script).
      server.middlewares.use((_req, res, next) => {
        setViewerSecurityHeaders(res);
        next();
      });
      server.middlewares.use(middleware());
    },
  };
}

const browserProvider = playwright({
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs({ webgpu: true }) },
});

export default defineConfig({
  plugins: [react(), galaxyDataRoot()],
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(projectRoot, '.storybook') })],
        test: {
          name: 'stories',
          browser: {
            enabled: true,
            headless: true,
            provider: browserProvider,
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
