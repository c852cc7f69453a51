import type { PlannerCamera } from '../tiles/planner/importance';
import type { StarCells } from '../renderer/starCells';

/**
 * The stars of a tiled galaxy as the scene (src/scene), its names (src/labels) and picking
 * (src/picking) draw and read them; the streaming engine (src/tiles/stream) answers for them. See
 * docs/decisions.md "The streaming planner and its budgets".
 *
 * Resident stars live in a pool of slots: every loaded tile occupies one contiguous range of
 * slots, so a tile is written to the GPU with one range write and drawn as one cell. Slots are
 * the scene's and the renderer's star ids for a tiled galaxy; star numbers (docs/tiles.md) are
 * the ids the UI uses. Empty slots have size 0 and are never in a drawn cell.
 */
export interface SlotRange {
  start: number;
  count: number;
}

export interface TiledStarsChange {
  /** Slot ranges whose positions, sizes and stars were rewritten (tiles placed or freed). */
  written: readonly SlotRange[];
  /** The drawn cells changed (a new plan, a tile arrived or was evicted). */
  drawnChanged: boolean;
  /** The link pairs changed (an adjacency shard arrived, a tile came or went, link settings changed). */
  linksChanged: boolean;
}

export interface TiledLinkSettings {
  showLinks: boolean;
  maxVisibleDistance: number;
  scale: number;
}

/** The stars of a tiled galaxy as the scene draws them. */
export interface TiledStars {
  /** Slots in the pool: the star budget plus room for the largest tile. */
  readonly capacity: number;
  /** x, y, z per slot in world coordinates (scale applied); rewritten in place as tiles come and go. */
  readonly positions: Float32Array;
  /** Node size rule per slot with the galaxy's true maximum in-degree; 0 for an empty slot. */
  readonly sizes: Float32Array;
  /** Stars in the whole galaxy. */
  readonly totalStars: number;
  /** World bounds of the whole galaxy (index.json's bounds times the scale), for the camera. */
  readonly bounds: { min: [number, number, number]; max: [number, number, number] };
  /** The cells to draw this frame: the planner's drawn tiles, most important first. */
  drawnCells(): StarCells;
  /** Stars in the drawn cells. */
  readonly drawnStars: number;
  /** Tiles are being planned or fetched (the stats line says "streaming tiles"). */
  readonly busy: boolean;
  /** Star number held by a slot, or -1 for an empty slot. */
  starOfSlot(slot: number): number;
  /** Slot of a star, or -1 when its tile is not resident. */
  slotOfStar(star: number): number;
  /** The camera moved or the viewport changed: plan again (cheap; throttled inside). */
  setCamera(camera: PlannerCamera): void;
  /** Links of resident stars as pairs of slots, by the ml and s rules, within the link budget. */
  linkPairs(settings: TiledLinkSettings): Uint32Array | undefined;
  onChange(listener: (change: TiledStarsChange) => void): () => void;
  /** World position of any star, fetching its tile first when it is not resident (fly to a star). */
  locate(star: number, signal?: AbortSignal): Promise<[number, number, number] | undefined>;
}
