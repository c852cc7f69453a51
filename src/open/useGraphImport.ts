import { useCallback, useEffect, useRef, useState } from 'react';
import type { GraphFormat } from '../importers/types';
import type { OpenGraphState } from '../panels/ImportStatus';
import { timestampVersion } from '../publish/versionName';
import type { ImportSource } from './importProtocol';
import { importGraphFile, sourceName } from './importGraphFile';
import { keptBytes, localGalaxies } from './localGalaxies';
import { galaxyNameFor, localRoute } from './localName';
import { browserMemoryBudget, buildCommand, formatBytes } from './memoryBudget';
import type { CommunityFiles } from './communitiesProtocol';
import { findGalaxyCommunities } from './findGalaxyCommunities';

/** What the import panel says while the constellations are found, level by level. */
export function communitiesDetail(levels: number, count: number): string {
  const communities = `${count.toLocaleString('en-US')} ${count === 1 ? 'community' : 'communities'}`;
  const found = levels === 0 ? 'Grouping the stars' : `${levels === 1 ? 'Finest level' : `Level ${levels}`} found: ${communities}`;
  return `${found}. Cancel keeps the galaxy without them.`;
}

/**
 * Opening the visitor's graph, wherever it comes in (Home, a drop on the galaxy screen): the import
 * in a worker with progress and cancel, keeping the result in this browser, then `navigate` to it.
 * Nothing is written before the import has succeeded, so a failed or cancelled one leaves nothing.
 * Once read, the graph's constellations are found in a worker (docs/communities.md) and kept with
 * it; cancelling that step, or its failure, keeps the galaxy without them. One import runs at a time.
 */
export function useGraphImport(navigate: (hash: string) => void, format?: GraphFormat) {
  const [state, setState] = useState<OpenGraphState>({ kind: 'idle' });
  const active = useRef<AbortController | undefined>(undefined);
  /** Set while the constellations are found: cancel stops only them. */
  const communitiesStep = useRef<AbortController | undefined>(undefined);
  useEffect(
    () => () => {
      communitiesStep.current?.abort();
      active.current?.abort();
    },
    [],
  );

  /** The constellations of a graph just read, or undefined when cancelled or failed (the galaxy is kept without them). */
  const findCommunitiesStep = useCallback(async (kept: { positions: ArrayBuffer; links: ArrayBuffer; labels: string }, fileName: string): Promise<CommunityFiles | undefined> => {
    const step = new AbortController();
    communitiesStep.current = step;
    const show = (levels: number, count: number) => {
      if (!step.signal.aborted) setState({ kind: 'importing', fileName, phase: 'communities', loaded: levels, detail: communitiesDetail(levels, count) });
    };
    show(0, 0);
    try {
      // Copies go to the worker: the page keeps the files to store them.
      const outcome = await findGalaxyCommunities(
        { positions: kept.positions.slice(0), links: kept.links.slice(0), labels: kept.labels, kind: 'graph' },
        { signal: step.signal, onLevel: (level, count) => show(level + 1, count) },
      );
      if (outcome.kind === 'error') console.warn(`${fileName}: its constellations could not be found (${outcome.message}); it is kept without them`);
      return outcome.kind === 'done' ? outcome.files : undefined;
    } finally {
      if (communitiesStep.current === step) communitiesStep.current = undefined;
    }
  }, []);

  const open = useCallback(
    async (source: ImportSource) => {
      if (active.current) return;
      const fileName = sourceName(source);
      const controller = new AbortController();
      active.current = controller;
      setState({ kind: 'importing', fileName, phase: 'reading', loaded: 0, total: source.kind === 'file' ? source.file.size : undefined });
      try {
        const outcome = await importGraphFile(source, {
          budget: browserMemoryBudget(),
          format,
          signal: controller.signal,
          onProgress: (progress) => {
            if (!controller.signal.aborted) setState({ kind: 'importing', fileName, ...progress });
          },
        });
        if (outcome.kind === 'cancelled') return setState({ kind: 'idle' });
        if (outcome.kind === 'error') return setState({ kind: 'error', fileName, message: outcome.message });
        if (outcome.kind === 'too-big') {
          return setState({
            kind: 'too-big',
            fileName,
            needed: formatBytes(outcome.neededBytes),
            available: formatBytes(outcome.budget),
            command: buildCommand(fileName, galaxyNameFor(fileName, new Set())),
          });
        }
        const { files } = outcome;
        const kept = { positions: files.positions.buffer as ArrayBuffer, links: files.links.buffer as ArrayBuffer, labels: files.labels };
        if (controller.signal.aborted) return setState({ kind: 'idle' });
        const communities = await findCommunitiesStep(kept, fileName);
        if (controller.signal.aborted) return setState({ kind: 'idle' });
        setState({ kind: 'importing', fileName, phase: 'keeping', loaded: 0 });
        const name = await localGalaxies.keep(
          fileName,
          {
            version: timestampVersion(),
            sourceName: fileName,
            format: files.format,
            nodeCount: files.nodeCount,
            edgeCount: files.edgeCount,
            bytes: keptBytes({ ...kept, communities }),
            createdAt: Date.now(),
            settled: false,
          },
          { ...kept, ...(communities ? { communities } : {}) },
        );
        setState({ kind: 'idle' });
        navigate(`#/galaxy/${localRoute(name)}`);
      } catch (error) {
        setState({ kind: 'error', fileName, message: `This browser could not keep the galaxy: ${error instanceof Error ? error.message : String(error)}` });
      } finally {
        if (active.current === controller) active.current = undefined;
      }
    },
    [navigate, format, findCommunitiesStep],
  );

  const onFile = useCallback((file: File) => void open({ kind: 'file', file }), [open]);
  const onUrl = useCallback((url: string) => void open({ kind: 'url', url }), [open]);
  const onCancel = useCallback(() => {
    if (communitiesStep.current) {
      // The graph is read: cancelling the constellations keeps it without them.
      communitiesStep.current.abort();
      return;
    }
    active.current?.abort();
    active.current = undefined;
    setState({ kind: 'idle' });
  }, []);
  const onDismiss = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, onFile, onUrl, onCancel, onDismiss };
}
