import {
  CONSTELLATION_MAX_SPAN,
  CONSTELLATION_MIN_SPAN,
  CONSTELLATION_HANDOVER_SPAN,
  spanStrength,
  type ChosenConstellation,
  type ConstellationTree,
  type ConstellationView,
} from '../../src/constellations/constellationNames';

/*
 * The reference chooseConstellations (src/constellations/constellationNames.ts) is held to: the
 * same choice as the viewer made it until 27 November 2026, walking the whole tree from the top at
 * every call.
 */

/**
 * The constellations to name for `view`, biggest on screen first, at most `budget`: walking down
 * from the top level, a community whose span is in range is named; one with one child is the
 * same stars and is named as that child; one that looks bigger (or holds the camera) hands over
 * to its children, which are named where they are in range in turn;
 * one that looks smaller, or whose centre is behind the camera or off screen, is not named. A
 * community named while fading out (its span near the top of the range) also lets its children
 * in, at least as strong as it has grown faint, so that the levels cross-fade and a zoom between
 * two levels never leaves both faint. A community spread over most of the galaxy is not named; its
 * children may be.
 */
export function chooseConstellationsReference(tree: ConstellationTree, view: ConstellationView, budget: number, counts?: { communitiesVisited: number }): ChosenConstellation[] {
  const chosen: ChosenConstellation[] = [];
  const top = tree.radii.length - 1;
  if (top < 0) return chosen;
  const m = view.viewProjection;
  const shorter = Math.max(1, Math.min(view.cssWidth, view.cssHeight));
  /**
   * `handedOver`: how much of its strength the parent gave up for being too big (or unnamed), which
   * its children take. Returns the strongest name chosen in this community (itself or below).
   */
  const visit = (level: number, id: number, handedOver: number): number => {
    if (counts) counts.communitiesVisited++;
    if (id === tree.unlinked[level]) return 0;
    const { start, list } = tree.children[level];
    const children = level > 0 ? [...list.subarray(start[id], start[id + 1])] : [];
    // One child holds the same stars (a community carried up a level unchanged): one name, the child's.
    if (children.length === 1) return visit(level - 1, children[0], handedOver);
    const centres = tree.centres[level];
    const x = centres[id * 3], y = centres[id * 3 + 1], z = centres[id * 3 + 2];
    const radius = tree.radii[level][id];
    const w = m[3] * x + m[7] * y + m[11] * z + m[15];
    // Inside or at the edge of the community: it fills the screen, its children may not.
    const span = w > radius ? (2 * radius * view.focalCssPx) / w / shorter : Infinity;
    const diffuse = tree.diffuse[level][id] === 1;
    let strongestChild = 0;
    if (span > CONSTELLATION_HANDOVER_SPAN || diffuse) {
      const givenUp = diffuse || span > CONSTELLATION_MAX_SPAN ? 1 : 1 - spanStrength(span);
      for (const child of children) strongestChild = Math.max(strongestChild, visit(level - 1, child, givenUp));
    }
    if (span < CONSTELLATION_MIN_SPAN || span > CONSTELLATION_MAX_SPAN || diffuse) return strongestChild;
    const nx = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
    const ny = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
    if (nx < -1 || nx > 1 || ny < -1 || ny > 1) return strongestChild;
    const name = tree.names[level].at(id) ?? '';
    if (!name) return strongestChild;
    // Too big, it fades only as far as its children come in: with none in range it stays until its span leaves the range.
    const own = span > CONSTELLATION_HANDOVER_SPAN ? Math.max(spanStrength(span), 1 - strongestChild) : spanStrength(span);
    const strength = Math.max(own, handedOver);
    chosen.push({ level, id, name, x: ((nx + 1) / 2) * view.cssWidth, y: ((1 - ny) / 2) * view.cssHeight, span, strength });
    return Math.max(strength, strongestChild);
  };
  for (let id = 0; id < tree.radii[top].length; id++) visit(top, id, 0);
  // Strongest first: a budget that cut strong children after their faded parents would leave the sky unnamed.
  return chosen.sort((a, b) => b.strength - a.strength || b.span - a.span || a.level - b.level || a.id - b.id).slice(0, budget);
}

