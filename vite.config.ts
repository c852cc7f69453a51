/// <reference types="vitest/config" />
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
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

/**
 * Preloads the viewer's code from the page (src/boot.ts imports it dynamically, after asking for the
 * galaxy's first files), so that it downloads beside the entry instead of after it.
 */
function preloadViewer(): Plugin {
  let base = '/';
  return {
    name: 'galaxy-preload-viewer',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return;
        // One chunk of its own (viewerChunk below), so a chunk that holds the module rather than its facade.
        const viewer = Object.values(bundle).find((file) => file.type === 'chunk' && file.moduleIds.some((id) => id.endsWith('/src/main.tsx')));
        if (!viewer || viewer.type !== 'chunk') return;
        const entries = new Set(Object.values(bundle).flatMap((file) => (file.type === 'chunk' && file.isEntry ? [file.fileName] : [])));
        const link = (rel: string) => (fileName: string) => ({ tag: 'link', attrs: { rel, crossorigin: true, href: `${base}${fileName}` }, injectTo: 'head' as const });
        // The viewer's styles as the page's own, as before the split (the dynamic import skips what the page already links).
        const styles = [...(viewer.viteMetadata?.importedCss ?? [])].map(link('stylesheet'));
        const scripts = [viewer.fileName, ...viewer.imports].filter((fileName) => !entries.has(fileName)).map(link('modulepreload'));
        return [...styles, ...scripts];
      },
    },
  };
}

/**
 * One chunk for the code the entry loads before the viewer (the first stars' painters and scenes,
 * the root tile's reader) with what it imports from outside the entry. Left to the bundler, that code
 * came as a dozen small chunks shared with the viewer, each preloaded by the page: on a throttled
 * link, past the six requests a host is given, they held the connections the manifest and the root
 * tile waited for (docs/decisions.md, "The first star frame"). The viewer imports the chunk too, so
 * the page's one preload of it serves both; the entry's own modules stay in the entry, which imports
 * no chunk (tests/unit/build/selfContainedEntry.test.ts).
 */
function firstStarsChunk(entry: string, viewer: string): { name: (id: string, context: Rolldown.ChunkingContext) => string | null } {
  let members: Set<string> | undefined;
  const closure = (roots: string[], context: Rolldown.ChunkingContext, stop = new Set<string>()) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id) || stop.has(id)) return;
      seen.add(id);
      for (const next of context.getModuleInfo(id)?.importedIds ?? []) visit(next);
    };
    roots.forEach(visit);
    return seen;
  };
  return {
    name(id, context) {
      if (!members) {
        const entryModules = closure([entry], context);
        const loadedEarly = [...entryModules].flatMap((module) => context.getModuleInfo(module)?.dynamicallyImportedIds ?? []).filter((module) => module !== viewer);
        members = closure(loadedEarly, context, entryModules);
      }
      return members.has(id) ? 'firstStars' : null;
    },
  };
}

/**
 * One chunk for the viewer: src/main.tsx and every module it imports statically, bar the entry's
 * and the first stars'. What the viewer imports dynamically (Home, a list window, a local galaxy's
 * controls: code a galaxy does not run until the visitor asks, tests/unit/build/pageChunksHeld.test.ts)
 * shares modules with it; left to the bundler, those came as more small chunks, each one more preload
 * on the page's link beside the galaxy's first files.
 */
function viewerChunk(entry: string, viewer: string, firstStars: ReturnType<typeof firstStarsChunk>): { name: (id: string, context: Rolldown.ChunkingContext) => string | null } {
  let members: Set<string> | undefined;
  return {
    name(id, context) {
      if (!members) {
        const stop = new Set<string>();
        const entryVisit = (module: string) => {
          if (stop.has(module)) return;
          stop.add(module);
          for (const next of context.getModuleInfo(module)?.importedIds ?? []) entryVisit(next);
        };
        entryVisit(entry);
        const found = new Set<string>();
        const visit = (module: string) => {
          if (found.has(module) || stop.has(module) || firstStars.name(module, context) !== null) return;
          found.add(module);
          for (const next of context.getModuleInfo(module)?.importedIds ?? []) visit(next);
        };
        visit(viewer);
        members = found;
      }
      return members.has(id) ? 'main' : null;
    },
  };
}

const bootModule = path.join(projectRoot, 'src/boot.ts');
const viewerModule = path.join(projectRoot, 'src/main.tsx');
const firstStars = firstStarsChunk(bootModule, viewerModule);

const browserProvider = playwright({
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs({ webgpu: true }) },
});

export default defineConfig({
  plugins: [react(), galaxyDataRoot(), preloadViewer()],
  // Scripts escape every non-ASCII character: the browser holds a script's text as long as the page
  // runs, at two bytes a character once one character is not ASCII (tests/unit/build/pageChunksHeld.test.ts).
  worker: { format: 'es', rolldownOptions: { output: { charset: 'ascii' } } },
  build: {
    rolldownOptions: {
      output: {
        charset: 'ascii',
        codeSplitting: {
          groups: [
            { ...firstStars, debugName: 'firstStars', includeDependenciesRecursively: false },
            { ...viewerChunk(bootModule, viewerModule, firstStars), debugName: 'main', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
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
