import { ImportStatus } from '../panels/ImportStatus';
import './GalaxyScreenDrop.css';
import { useGraphImport } from './useGraphImport';
import { usePageDrop } from './usePageDrop';

const goTo = (hash: string) => {
  location.hash = hash;
};

/**
 * A graph file dropped on the galaxy screen opens as a drop on Home does (docs/rules.md#opening-your-own-graph):
 * the same import, progress and errors, shown over the scene, then the new galaxy's address.
 */
export function GalaxyScreenDrop() {
  const { state, onFile, onCancel, onDismiss } = useGraphImport(goTo);
  const dragOver = usePageDrop(onFile);
  if (state.kind === 'idle' && !dragOver) return null;
  return (
    <section className="open-graph galaxy-panel galaxy-screen-drop" aria-label="Open your own graph" data-state={state.kind}>
      <ImportStatus state={state} dragOver={dragOver} onCancel={onCancel} onDismiss={onDismiss} />
    </section>
  );
}
