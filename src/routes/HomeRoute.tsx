import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { type HomeGalaxy, homeCards } from '../home/homeCards';
import { fetchGalaxyNames } from '../data/fetch/galaxyIndex';
import { loadGalaxyMeta } from '../home/loadHomeGalaxies';
import { FORMATS } from '../importers/types';
import { useOpenGraph } from '../open/useOpenGraph';
import { HomeScreen } from '../panels/HomeScreen';
import { OpenGraphPanel } from '../panels/OpenGraphPanel';
import { YourGalaxies } from '../panels/YourGalaxies';
import { dataRootAtom } from '../state/graph/atoms';

type HomeState = { status: 'loading' } | { status: 'ready'; galaxies: HomeGalaxy[] } | { status: 'error'; message: string };

/** Home: lists the galaxies of the data root as cards. */
const goTo = (hash: string) => {
  location.hash = hash;
};

export function HomeRoute() {
  const openGraph = useOpenGraph(goTo);
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
    fetchGalaxyNames(dataRoot, { signal: controller.signal }).then(
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
    >
      <OpenGraphPanel
        state={openGraph.state}
        dragOver={openGraph.dragOver}
        formats={FORMATS}
        format={openGraph.format}
        onFormatChange={(value) => openGraph.setFormat(FORMATS.find((known) => known === value))}
        onFile={openGraph.onFile}
        onUrl={openGraph.onUrl}
        onCancel={openGraph.onCancel}
        onDismiss={openGraph.onDismiss}
      />
      {openGraph.storageError ? (
        <p className="home-screen__message home-screen__message--error galaxy-panel" role="alert">
          {openGraph.storageError}
        </p>
      ) : null}
      {openGraph.galaxies ? <YourGalaxies galaxies={openGraph.galaxies} onRemove={openGraph.onRemove} /> : null}
    </HomeScreen>
  );
}
