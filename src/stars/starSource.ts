import type { PlannerCamera } from '../tiles/planner/importance';
import type { Ray } from '../picking/ray';
import type { StarCells } from '../renderer/starCells';
import type { IndexRange } from '../renderer/types';

/**
 * The stars the scene (src/scene) draws, its names (src/labels) and picking read: one star source
 * per galaxy shown, whatever its shape. Two implementations: a tiled galaxy's stream
 * (src/tiles/stream, see docs/decisions.md "The streaming planner and its budgets") and a whole
 * galaxy's stars sorted into grid cells (src/stars/wholeGalaxyStars.ts).
 *
 * Stars sit in slots, and slots in cells: every cell is one contiguous range of slots with a box,
 * so that the renderer uploads a range with one write and draws or skips a cell as a whole. Slots
 * are the scene's and the renderer's; star numbers (a classic galaxy's node ids, a tiled galaxy's
 * star numbers, docs/tiles.md) are the ids the UI uses. Empty slots have size 0 and are never in a
 * drawn cell.
 */
export interface SlotRange {
  start: number;
  count: number;
}

export interface LinkPairsChange {
  pairs: Uint32Array<ArrayBuffer>;
  version: number;
  changed: readonly IndexRange[];
}

/** Counted work of a galaxy's link upkeep since it opened. */
export interface LinkWork {
  /** Updates that looked at the drawn tiles (one per change of links asked for). */
  updates: number;
  /** Tiles whose pairs went (no longer drawn, or moved in the pool). */
  tilesUnlinked: number;
  /** Pairs read or moved to drop the pairs of tiles that went. */
  pairsVisited: number;
  /** Pairs held now. */
  pairsHeld: number;
  /** Out-links read to link tiles. */
  outLinksWalked: number;
}

export interface StarSourceChange {
  /** Slot ranges whose positions, sizes and stars were rewritten (tiles placed or freed, links arrived, stars moved). */
  written: readonly SlotRange[];
  /** Slot ranges whose footprints alone changed (stand-in stars, a refinement blending in; docs/tiles.md#stand-in-stars). */
  footprintsWritten?: readonly SlotRange[];
  /** The drawn cells changed (a new plan, a tile arrived or was evicted, stars moved). */
  drawnChanged: boolean;
  /** The link pairs changed (links arrived, a tile came or went, link settings changed, stars moved). */
  linksChanged: boolean;
  /** The bounds changed (stars moved). */
  boundsChanged?: boolean;
  /** Stars' communities arrived or changed outside the written ranges (a galaxy's communities.bin came in). */
  communitiesChanged?: boolean;
  /**
   * The slots' columns (positions, sizes, communities) are new arrays with more slots (the star
   * budget grew): everything is uploaded again.
   */
  resized?: boolean;
}

/**
 * The star budget of a source (docs/rules.md#url, `fps`): the most stars it draws at once, and the
 * range the scene's frame budget (src/tiles/planner/frameBudget.ts) may move it in.
 */
export interface StarBudgetRange {
  stars: number;
  /** Never below: a tiled galaxy's root tile. */
  floor: number;
  /** Never above: the galaxy's stars (or what memory holds). */
  ceiling: number;
}

export interface LinkSettings {
  showLinks: boolean;
  maxVisibleDistance: number;
  scale: number;
}

/** The stars of a galaxy as the scene draws them. */
export interface StarSource {
  /** Slots in the pool. */
  readonly capacity: number;
  /** x, y, z per slot in world coordinates (scale applied); rewritten in place as stars come, go or move. */
  readonly positions: Float32Array;
  /** Size per slot: the star default until links are in, then the node size rule with the galaxy's true maximum in-degree; 0 for an empty slot. */
  readonly sizes: Float32Array;
  /**
   * Diameter factor per slot, applied after the two-pixel floor (docs/tiles.md#stand-in-stars): a
   * tiled galaxy's coarse stars stand in for the stars not drawn below them; undefined means 1 everywhere.
   * Rewritten with the written ranges.
   */
  readonly footprints?: Float32Array;
  /**
   * Finest-level community per slot (src/constellations/constellations.ts; NO_COMMUNITY for an
   * empty slot or an unknown one), rewritten with the slots; undefined for a galaxy without communities.
   */
  readonly communities?: Uint32Array;
  /** Stars in the whole galaxy. */
  readonly starCount: number;
  /** Times the source has chosen what to draw for the camera (the planner's runs; the main-thread bench counts them per frame). */
  readonly plans?: number;
  /** What keeping the links up to date has cost so far, counted (the main-thread bench reads it); tiled galaxies only. */
  readonly linkWork?: LinkWork;
  /** World bounds of the whole galaxy (scale applied), for the camera. */
  readonly bounds: { min: [number, number, number]; max: [number, number, number] };
  /** The cells to draw this frame. */
  drawnCells(): StarCells;
  /** Stars in the drawn cells. */
  readonly drawnStars: number;
  /** Stars are being planned or fetched (the stats line says "streaming tiles"). */
  readonly busy: boolean;
  /** Star number held by a slot, or -1 for an empty slot. */
  starOfSlot(slot: number): number;
  /** Slot of a star, or -1 when it is not resident. */
  slotOfStar(star: number): number;
  /** The camera moved or the viewport changed: plan again (cheap; throttled inside). */
  setCamera(camera: PlannerCamera): void;
  /** Links of resident stars as pairs of slots, by the ml and s rules; undefined when none are drawn. */
  linkPairs(settings: LinkSettings): Uint32Array | undefined;
  /**
   * The pairs linkPairs returned last, with what changed in them (tiled galaxies, whose pairs change
   * a tile at a time): `version` counts up with every new array, `changed` are the index ranges that
   * differ from the version before. Without it, every new array is new throughout.
   */
  readonly linkPairsChange?: LinkPairsChange;
  /** Star number nearest to the ray within `threshold` (docs/rules.md#picking), among the drawn stars. */
  nearestStar(ray: Ray, threshold: number): number | undefined;
  /** Picking uses its index (until then it scans every star). */
  readonly pickingIndexed: boolean;
  onChange(listener: (change: StarSourceChange) => void): () => void;
  /** World position of any star, fetching its tile first when it is not resident (fly to a star). */
  locate(star: number, signal?: AbortSignal): Promise<[number, number, number] | undefined>;
  /** The star budget now and its range. */
  readonly starBudget?: StarBudgetRange;
  /**
   * Draws at most this many stars from now on (clamped to the range): a tiled galaxy plans for it
   * and its pool grows to hold it, a whole galaxy draws its most important cells within it.
   */
  setStarBudget?(stars: number): void;
  /** New places for the same stars, as a layout running in the browser settles (sources whose stars can move). */
  moveStars?(positions: Float32Array): void;
}
