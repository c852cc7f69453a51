import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Graph } from '../data/graph';
import { DEFAULT_SEED } from '../layout/multilevel';
import { describeEngineChoice } from '../layout/live/chooseLayoutEngine';
import { createLiveLayout } from '../layout/live/createLiveLayout';
import type { LiveLayout } from '../layout/live/liveLayout';
import { LayoutPanel, type LayoutPanelState } from '../panels/LayoutPanel';
import { encodePositions } from '../publish/encodeWire';
import { sceneAtom } from '../state/view/atoms';
import { constellationsAtom } from '../state/constellations/atoms';
import { Constellations } from '../constellations/constellations';
import { withCentresOf } from '../communities/communityCentres';
import { decodeCommunityStars, parseCommunitiesJson } from '../communities/format';
import type { LocalGalaxyFiles } from './localGalaxies';
import { localGalaxies } from './localGalaxies';
import { localName } from './localName';

const ENGINE_NAMES: Record<LiveLayout['engine'], string> = { webgpu: 'WebGPU', 'cpu-workers': 'CPU workers' };

/** Link pairs (source, target per link) from the graph's out-link CSR, for the layout. */
function linkPairs(graph: Graph): Uint32Array {
  const { outOffsets, outTargets, nodeCount } = graph.data;
  const pairs = new Uint32Array(2 * outTargets.length);
  let at = 0;
  for (let i = 0; i < nodeCount; i++) {
    for (let e = outOffsets[i]; e < outOffsets[i + 1]; e++) {
      pairs[at++] = i;
      pairs[at++] = outTargets[e];
    }
  }
  return pairs;
}

/** The galaxy's places in the wire format's range (the scene holds them multiplied by the scale). */
function unscaled(positions: Float32Array, scale: number): Float32Array {
  return positions.map((value) => value / scale);
}

/** A kept galaxy's constellations, centred where its stars are in `positions` (positions.bin's values). */
function keptConstellations(files: LocalGalaxyFiles, positions: ArrayBuffer): Constellations | undefined {
  if (!files.communities) return undefined;
  try {
    const stars = decodeCommunityStars(new Uint8Array(files.communities.stars));
    return new Constellations(withCentresOf(parseCommunitiesJson(files.communities.json), stars, new Int32Array(positions)));
  } catch (error) {
    console.warn(`The kept constellations could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/**
 * For a galaxy opened in this browser (`local:`): runs its layout while the visitor watches and
 * flies (frames move the scene's stars), pause and resume, keeps the settled places, and offers
 * the galaxy as a zip.
 */
export function LocalGalaxyControls({ route, graph, scale }: { route: string; graph: Graph; scale: number }) {
  const view = useAtomValue(sceneAtom);
  const viewRef = useRef(view);
  viewRef.current = view;
  const name = localName(route);
  const [state, setState] = useState<LayoutPanelState>('starting');
  const [iteration, setIteration] = useState(0);
  const [engine, setEngine] = useState<string | undefined>(undefined);
  const [engineChoice, setEngineChoice] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const paused = useRef<{ resume: () => void; promise: Promise<void> } | undefined>(undefined);
  const pending = useRef<Float32Array | undefined>(undefined);
  const setConstellations = useSetAtom(constellationsAtom);

  // A frame that arrived before the renderer was up is drawn as soon as it is.
  useEffect(() => {
    if (view && pending.current) {
      view.moveStars?.(pending.current);
      pending.current = undefined;
    }
  }, [view]);

  useEffect(() => {
    let stopped = false;
    let layout: LiveLayout | undefined;
    const run = async () => {
      const kept = await localGalaxies.get(name);
      if (stopped) return;
      // Its constellations, found after the import (the stars' own come with the graph: GraphData.communities).
      if (kept) setConstellations(keptConstellations(kept.files, kept.files.positions));
      if (kept?.entry.settled) {
        setIteration(kept.entry.iterations ?? 0);
        setState('settled');
        return;
      }
      const chosen = await createLiveLayout({ nodeCount: graph.starCount, links: linkPairs(graph) }, { seed: DEFAULT_SEED });
      layout = chosen.layout;
      if (stopped) return layout.dispose();
      setEngine(ENGINE_NAMES[layout.engine]);
      setEngineChoice(describeEngineChoice(chosen.choice));
      setState('laying-out');
      for (;;) {
        if (paused.current) await paused.current.promise;
        if (stopped) return;
        const frame = await layout.step();
        if (stopped) return;
        const scaled = frame.positions.map((value) => value * scale);
        if (viewRef.current?.moveStars) viewRef.current.moveStars(scaled);
        else pending.current = scaled;
        setIteration(frame.iteration);
        if (frame.converged) {
          const settled = encodePositions(frame.positions).buffer as ArrayBuffer;
          await localGalaxies.settle(name, settled, frame.iteration);
          // Centres where the stars came to rest (they were found at the starting places).
          if (!stopped && kept) setConstellations(keptConstellations(kept.files, settled));
          if (!stopped) setState('settled');
          return;
        }
      }
    };
    run().catch((error: unknown) => {
      if (stopped) return;
      setMessage(`The layout stopped: ${error instanceof Error ? error.message : String(error)}`);
      setState('error');
    });
    return () => {
      stopped = true;
      setConstellations(undefined);
      paused.current?.resume();
      paused.current = undefined;
      layout?.dispose();
    };
  }, [name, graph, scale, setConstellations]);

  const onPause = useCallback(() => {
    if (paused.current) return;
    let resume = () => {};
    const promise = new Promise<void>((resolve) => {
      resume = resolve;
    });
    paused.current = { resume, promise };
    setState('paused');
  }, []);

  const onResume = useCallback(() => {
    const current = paused.current;
    paused.current = undefined;
    current?.resume();
    setState('laying-out');
  }, []);

  const onSave = useCallback(async () => {
    setSaving(true);
    try {
      const kept = await localGalaxies.get(name);
      if (!kept) throw new Error(`${route} is no longer kept in this browser`);
      const positions = encodePositions(unscaled(graph.data.positions, scale)).buffer as ArrayBuffer;
      // Asked for on the first save: fflate's tables are built by loops at its module's top level,
      // which in the viewer's chunk compiled the chunk's whole top-level code to machine code (0.2 MB held).
      const { downloadBytes, galaxyZip } = await import('./galaxyZip');
      downloadBytes(galaxyZip(name, kept.entry.version, { ...kept.files, positions }, kept.entry.sourceName), `${name}.zip`);
    } catch (error) {
      setMessage(`Could not save the galaxy: ${error instanceof Error ? error.message : String(error)}`);
      setState('error');
    } finally {
      setSaving(false);
    }
  }, [name, route, graph, scale]);

  return (
    <LayoutPanel
      state={state}
      iteration={iteration}
      engine={engine}
      engineChoice={engineChoice}
      message={message}
      saving={saving}
      onPause={onPause}
      onResume={onResume}
      onSave={() => void onSave()}
    />
  );
}
