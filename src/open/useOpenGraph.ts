import { useCallback, useEffect, useState } from 'react';
import type { GraphFormat } from '../importers/types';
import type { YourGalaxyItem } from '../panels/YourGalaxies';
import { localGalaxies, type ListedGalaxy } from './localGalaxies';
import { localRoute } from './localName';
import { formatBytes } from './memoryBudget';
import { useGraphImport } from './useGraphImport';
import { usePageDrop } from './usePageDrop';

function toItem({ name, entry, problem }: ListedGalaxy): YourGalaxyItem {
  return {
    name,
    href: `#/galaxy/${localRoute(name)}`,
    ...(entry ? { facts: { starCount: entry.nodeCount, edgeCount: entry.edgeCount, size: formatBytes(entry.bytes), settled: entry.settled } } : {}),
    ...(problem ? { problem } : {}),
  };
}

/**
 * Home's container for opening the visitor's own graph: the page-wide drop zone, the format list,
 * the import (useGraphImport), and the galaxies kept in this browser with a way to remove them.
 */
export function useOpenGraph(navigate: (hash: string) => void) {
  const [format, setFormat] = useState<GraphFormat | undefined>(undefined);
  const [galaxies, setGalaxies] = useState<YourGalaxyItem[] | undefined>(undefined);
  const [storageError, setStorageError] = useState<string | undefined>(undefined);
  const { state, onFile, onUrl, onCancel, onDismiss } = useGraphImport(navigate, format);
  const dragOver = usePageDrop(onFile);

  const refresh = useCallback(() => {
    localGalaxies.list().then(
      (list) => {
        setGalaxies(list.map(toItem));
        setStorageError(undefined);
      },
      (error: unknown) => setStorageError(`Your galaxies cannot be listed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, []);
  useEffect(refresh, [refresh]);

  const onRemove = useCallback(
    (name: string) => {
      localGalaxies.remove(name).then(refresh, (error: unknown) =>
        setStorageError(`${name} could not be removed: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    [refresh],
  );

  return { state, dragOver, format, setFormat, galaxies, storageError, onFile, onUrl, onCancel, onDismiss, onRemove };
}
