import { useCallback, useEffect, useRef, useState } from 'react';
import type { GraphFormat } from '../importers/types';
import type { OpenGraphState } from '../panels/ImportStatus';
import { timestampVersion } from '../publish/versionName';
import type { ImportSource } from './importProtocol';
import { importGraphFile, sourceName } from './importGraphFile';
import { keptBytes, localGalaxies } from './localGalaxies';
import { galaxyNameFor, localRoute } from './localName';
import { browserMemoryBudget, buildCommand, formatBytes } from './memoryBudget';

/**
 * Opening the visitor's graph, wherever it comes in (Home, a drop on the galaxy screen): the import
 * in a worker with progress and cancel, keeping the result in this browser, then `navigate` to it.
 * Nothing is written before the import has succeeded, so a failed or cancelled one leaves nothing.
 * One import runs at a time.
 */
export function useGraphImport(navigate: (hash: string) => void, format?: GraphFormat) {
  const [state, setState] = useState<OpenGraphState>({ kind: 'idle' });
  const active = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => active.current?.abort(), []);

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
        const name = await localGalaxies.keep(
          fileName,
          {
            version: timestampVersion(),
            sourceName: fileName,
            format: files.format,
            nodeCount: files.nodeCount,
            edgeCount: files.edgeCount,
            bytes: keptBytes(kept),
            createdAt: Date.now(),
            settled: false,
          },
          kept,
        );
        setState({ kind: 'idle' });
        navigate(`#/galaxy/${localRoute(name)}`);
      } catch (error) {
        setState({ kind: 'error', fileName, message: `This browser could not keep the galaxy: ${error instanceof Error ? error.message : String(error)}` });
      } finally {
        if (active.current === controller) active.current = undefined;
      }
    },
    [navigate, format],
  );

  const onFile = useCallback((file: File) => void open({ kind: 'file', file }), [open]);
  const onUrl = useCallback((url: string) => void open({ kind: 'url', url }), [open]);
  const onCancel = useCallback(() => {
    active.current?.abort();
    active.current = undefined;
    setState({ kind: 'idle' });
  }, []);
  const onDismiss = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, onFile, onUrl, onCancel, onDismiss };
}
