import { useEffect, useState } from 'react';

/** Whether a drag carries files (not text or a link dragged within the page). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Makes the whole page a drop zone for graph files while the component is mounted: `dragOver` is
 * true while files are dragged over it, and a dropped file goes to `onFile`.
 */
export function usePageDrop(onFile: (file: File) => void): boolean {
  const [dragOver, setDragOver] = useState(false);
  // A counter, since dragenter and dragleave fire for every child crossed.
  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth++;
      setDragOver(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) && !event.dataTransfer?.files.length) return;
      event.preventDefault();
      depth = 0;
      setDragOver(false);
      const file = event.dataTransfer?.files[0];
      if (file) onFile(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [onFile]);

  return dragOver;
}
