import { useAtomValue, useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { LoadingLabel } from '../panels';
import { graphLoadingAtom, loadProgressAtom } from '../state/graph/atoms';

/**
 * The loading label, re-rendered on its own for every progress event: the worker's events arrive in
 * bursts, and without flushing each one React would batch a whole step (such as initializing edges)
 * into the next one, so the visitor would never read it.
 */
export function LoadingContainer() {
  const store = useStore();
  const [progress, setProgress] = useState(() => store.get(loadProgressAtom));
  const loading = useAtomValue(graphLoadingAtom);
  useEffect(
    () =>
      store.sub(loadProgressAtom, () => {
        queueMicrotask(() => flushSync(() => setProgress(store.get(loadProgressAtom))));
      }),
    [store],
  );
  return loading && progress ? <LoadingLabel message={progress.message} completed={progress.completed} /> : null;
}
