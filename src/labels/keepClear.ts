import type { LabelBox } from './placeLabels';

/**
 * The page's panels that names keep clear of (docs/names.md#the-pages-panels): every floating panel
 * (`.galaxy-panel`) but the hover tooltip, which follows the pointer, the search box with its
 * status line, the stats line and the About link. A new panel gets `galaxy-panel` or
 * `data-keep-names-clear`.
 */
export const KEEP_CLEAR_SELECTOR = '.galaxy-panel:not(.hover-tooltip), .search-box, .stats-line, .about-link, [data-keep-names-clear]';

/** Mutations inside these change no panel's place (the accessible list of names, the tooltip). */
const IGNORED_SELECTOR = '[data-testid="named-stars"], .hover-tooltip';

/** Client rectangles of `elements` that are shown and not empty, in CSS px of `canvas`'s box. */
export function keepClearZones(canvas: DOMRectReadOnly, elements: Iterable<Element>): LabelBox[] {
  const zones: LabelBox[] = [];
  for (const element of elements) {
    // A panel hidden by style (visibility, opacity 0, display) hides no name.
    if (getComputedStyle(element).visibility !== 'visible' || !element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) continue;
    const x = rect.left - canvas.left, y = rect.top - canvas.top;
    if (x >= canvas.width || y >= canvas.height || x + rect.width <= 0 || y + rect.height <= 0) continue;
    zones.push({ x, y, width: rect.width, height: rect.height });
  }
  return zones;
}

export function sameZones(a: readonly LabelBox[], b: readonly LabelBox[]): boolean {
  return a.length === b.length && a.every((z, i) => z.x === b[i].x && z.y === b[i].y && z.width === b[i].width && z.height === b[i].height);
}

/**
 * Measures where the panels over `canvas` lie and tells `onChange` whenever that changes: at once,
 * then after a window resize, a panel resized, or panels added, removed, restyled or moved in `root`
 * (the document's root element, so that a style sheet added to its head counts too)
 * (measured once per animation frame at most, never each frame). Returns how to stop.
 */
export function watchKeepClear(root: Element, canvas: Element, onChange: (zones: LabelBox[]) => void): () => void {
  let zones: LabelBox[] = [];
  let frame = 0;
  const resizes = new ResizeObserver(() => schedule());
  let observed: Element[] = [];

  const measure = () => {
    frame = 0;
    const panels = [...root.querySelectorAll(KEEP_CLEAR_SELECTOR)];
    if (panels.length !== observed.length || panels.some((panel, i) => panel !== observed[i])) {
      resizes.disconnect();
      for (const panel of panels) resizes.observe(panel);
      observed = panels;
    }
    const next = keepClearZones(canvas.getBoundingClientRect(), panels);
    if (sameZones(next, zones)) return;
    zones = next;
    onChange(zones);
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(measure);
  };
  const mutations = new MutationObserver((records) => {
    if (records.some((record) => !(record.target instanceof Element && record.target.closest(IGNORED_SELECTOR)))) schedule();
  });
  mutations.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
  window.addEventListener('resize', schedule);
  measure();
  return () => {
    cancelAnimationFrame(frame);
    resizes.disconnect();
    mutations.disconnect();
    window.removeEventListener('resize', schedule);
  };
}
