import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/support/chromium.ts';
import { E2E_TILED_DIR } from './tests/support/e2eTiledGalaxies.ts';

const sharedGalaxies = path.resolve(process.env.GALAXY_SHARED_DIR ?? '../shared/galaxies');
/** E2E_PORT lets several checkouts run their end-to-end tests side by side. */
const port = Number(process.env.E2E_PORT ?? 4317);

/**
 * End-to-end tests in Debian's Chromium against the built viewer, serving data/, the shared galaxies
 * the test fixtures' galaxies (a damaged one) and generated tiled galaxies as one data root.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1024, height: 700 },
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs({ webgpu: true }) },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `npx vite build --logLevel warn && npx vite preview --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    env: { GALAXY_DATA_DIR: ['data', sharedGalaxies, 'tests/fixtures/galaxies', E2E_TILED_DIR].join(path.delimiter) },
  },
});
