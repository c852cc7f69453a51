import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { type HomeGalaxy, homeCards } from '../home/homeCards';
import { loadGalaxyIndex, loadGalaxyMeta } from '../home/loadHomeGalaxies';
import { HomeScreen } from '../panels/HomeScreen';
import { dataRootAtom } from '../state/graph/atoms';

type HomeState = { status: 'loading' } | { status: 'ready'; galaxies: HomeGalaxy[] } | { status: 'error'; message: string };

/** Home: lists the galaxies of the data root as cards. */
export function HomeRoute() {
  const dataRoot = useAtomValue(dataRootAtom);
  const [state, setState] = useState<HomeState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    // Every card shows as soon as the index is read and fills in when its own manifest answers.
    const fillIn = (galaxy: HomeGalaxy) =>
      setState((current) =>
        current.status === 'ready'
          ? { status: 'ready', galaxies: current.galaxies.map((other) => (other.name === galaxy.name ? galaxy : other)) }
          : current,
      );
    loadGalaxyIndex(dataRoot, { signal: controller.signal }).then(
      (names) => {
        setState({ status: 'ready', galaxies: names.map((name) => ({ name, status: 'loading' })) });
        for (const name of names) {
          loadGalaxyMeta(dataRoot, name, { signal: controller.signal }).then(fillIn, () => undefined);
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const reason = error instanceof Error ? error.message : String(error);
        setState({ status: 'error', message: `Could not list the galaxies. ${reason}` });
      },
    );
    return () => controller.abort();
  }, [dataRoot]);

  const cards = useMemo(
    () => homeCards(state.status === 'ready' ? state.galaxies : [], dataRoot),
    [state, dataRoot],
  );
  return (
    <HomeScreen
      featured={cards.featured}
      galaxies={cards.galaxies}
      loading={state.status === 'loading'}
      error={state.status === 'error' ? state.message : undefined}
    />
  );
}
