import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { GalaxyCanvas } from '../scene/GalaxyCanvas';
import {
  downloadGraphAtom,
  graphAtom,
  graphLoadingAtom,
  loadErrorAtom,
  loadProgressAtom,
} from '../state/graph/atoms';

export function GalaxyRoute({ name }: { name: string }) {
  const download = useSetAtom(downloadGraphAtom);
  const graph = useAtomValue(graphAtom);
  const loading = useAtomValue(graphLoadingAtom);
  const progress = useAtomValue(loadProgressAtom);
  const error = useAtomValue(loadErrorAtom);

  useEffect(() => {
    void download({ name });
  }, [download, name]);

  return (
    <main style={{ position: 'fixed', inset: 0, overflow: 'hidden' }}>
      <GalaxyCanvas graph={graph} showLinks maxVisibleDistance={150} scale={1.75} />
      {loading && progress?.message ? (
        <div data-testid="progress" style={{ position: 'absolute', left: 8, bottom: 8 }}>
          {`${progress.message} - ${progress.completed}`}
        </div>
      ) : null}
      {error ? (
        <div role="alert" style={{ position: 'absolute', left: 8, top: 8 }}>
          {error} <a href="#/">Go home</a>
        </div>
      ) : null}
      {graph ? (
        <div data-testid="galaxy-stats" style={{ position: 'absolute', right: 8, bottom: 8 }}>
          {graph.name}: {graph.nodeCount.toLocaleString('en-US')} stars, {graph.edgeCount.toLocaleString('en-US')} links
        </div>
      ) : null}
    </main>
  );
}
