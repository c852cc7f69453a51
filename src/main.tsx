import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startViewer, type ViewerStart } from './app/startViewer';
import { prepareLoader } from './data/loader';

/** The viewer's code, run by the page's entry (src/boot.ts) with what it started. */
export function runViewer(start: ViewerStart): void {
  prepareLoader();
  const store = createStore();
  // Before the first render, so that the canvas mounts with it; it runs as long as the page.
  startViewer(store, { start });

  const container = document.getElementById('app');
  if (!container) throw new Error('The page has no element with id "app"');
  createRoot(container).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
}
