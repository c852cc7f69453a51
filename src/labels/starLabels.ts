import type { StarCells } from '../renderer/starCells';
import type { SlotRange } from '../stars/starSource';
import type { ConstellationTree } from '../constellations/constellationNames';
import { starCssDiameter } from './candidateScan';
import { SortedIds } from './sortedIds';
import { frameQueue } from '../timing/frameQueue';
import { type CandidateSearch, type SearchStars, SlicedCandidateSearch, WorkerCandidateSearch } from './candidateSearch';
import { NamesThread } from './namesThread';
import { ConstellationLabels, type PlacedConstellation } from './constellationLabels';
import {
  CONSTELLATION_BUDGET,
  CONSTELLATION_FONT_SCALE,
  LABEL_BUDGET,
  LABEL_CAMERA_REST_MS,
  LABEL_CANDIDATES,
  CONSTELLATION_FILL,
  LABEL_COLOR_HOVERED,
  LABEL_COLOR_NORMAL,
  LABEL_COLOR_SELECTED,
  LABEL_FADE_MS,
  LABEL_MIN_STAR_CSS_PX,
  LABEL_PINNED_MARGIN_CSS_PX,
  LABEL_QUAD_FLOATS,
  LABEL_RASTER_PER_MOVING_FRAME,
  LABEL_SCAN_MOVING_INTERVAL_MS,
  LABEL_WORK_SLICE_MS,
} from './constants';
import type { AtlasEntry, LabelAtlas } from './labelAtlas';
import { type LabelQuads, writeLabelQuad } from './labelQuads';
import { emptyLabelWorkStats, type LabelWorkStats, noteLabelTask, noteTimes } from './labelWorkStats';
import type { RasterReply, RasterRequest } from './rasterProtocol';
import { displayText } from './labelText';
import { type FitOptions, type LabelBox, panelCoversEverySide, placeOne, PlacementGrid, type PlacementRequest, type Side, SIDES } from './placeLabels';

/** The camera as the names need it (the scene's Camera fits). */
export interface LabelCamera {
  readonly viewProjection: ArrayLike<number>;
  readonly position: ArrayLike<number>;
  readonly width: number;
  readonly cssWidth: number;
  readonly cssHeight: number;
  /** The projection matrix (element 5 is 1 / tan(fov / 2)), for how wide constellations look. */
  readonly projection?: ArrayLike<number>;
}

/**
 * When the camera rests for a given wait (docs/names.md#when-the-camera-rests); the scene's
 * CameraRest, told of every camera move, answers it.
 */
export interface LabelCameraRest {
  restsAt(waitMs: number): number;
  restsBy(now: number, waitMs: number): boolean;
}

/**
 * The stars to name, by slot: a star source's slots (src/stars/starSource.ts), rewritten in place
 * as a tiled galaxy's tiles come and go (docs/names.md "Tiled galaxies").
 */
export interface LabelStars {
  positions: Float32Array;
  /** Drawn size per slot (hover included); 0 for an empty slot, never named. */
  sizes: Float32Array;
  /** Name of the star in a slot, or undefined until it has arrived (asking starts its fetch). */
  name(slot: number): string | undefined;
  /** The UI's id of the star in a slot (-1 for an empty slot), and the slot of a star (-1 when not resident). */
  starOfSlot(slot: number): number;
  slotOfStar(star: number): number;
  /** The slots drawn now; every slot when absent. */
  drawnCells?(): StarCells;
}

/** A name drawn on screen, in CSS pixels of the canvas: the accessible list and the tests read these. */
export interface PlacedLabel {
  /** The star's number as the UI knows it (not its slot). */
  id: number;
  /** The star's whole name, and the text drawn (cut with an ellipsis when too long). */
  name: string;
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  opacity: number;
  /** Star centre the name belongs to. */
  starX: number;
  starY: number;
}

/** A name on screen or fading, by slot. */
interface LabelState {
  id: number;
  key: string;
  side: Side;
  opacity: number;
  shown: boolean;
  order: number;
}

/** Names sent to the raster worker at once. */
const RASTER_BATCH = 24;

export type { LabelWorkStats } from './labelWorkStats';

/**
 * Chooses, places and fades the names of the stars on screen. The scan for candidates and the
 * rasterising of new names run in slices of a few milliseconds between frames; each frame only
 * re-projects and re-places at most LABEL_CANDIDATES names. Frames are asked for only while a
 * name fades or new work changed what is shown.
 */
export class StarLabels {
  private stars: LabelStars | undefined;
  private scan: CandidateSearch | undefined;
  private scanStale = false;
  /** When the last scan pass began (performance.now(), or a frame's time). */
  private scanBeganAt = -Infinity;
  /** A stale pass is due and begins in the next frame's task (see scheduleStaleScan). */
  private scanAtFrame = false;
  private candidates: Uint32Array = new Uint32Array(0);
  private readonly candidateIds = new SortedIds();
  private boosted = new Uint8Array(0);
  private states = new Map<number, LabelState>();
  private rasterQueue = new Set<number>();
  /** Hovered, selected and highlighted stars by the UI's id; their slots are looked up when placing. */
  private hovered: number | undefined;
  private selected: number | undefined;
  private highlighted = new Map<number, number>();
  /** A name wanted in the last frame had not arrived: the next arrival asks for a frame. */
  private awaitingNames = false;
  private visible = true;
  private keepClear: readonly LabelBox[] = [];
  private lastFrame = 0;
  /** The next slice of work, in the next task. */
  private workTimer: ReturnType<typeof setTimeout> | undefined;
  /** The next slice of work waits for the camera to rest (new names are held back while it moves), not for the next task. */
  private workWaitsForRest = false;
  /**
   * The timer for that wait, kept while the camera moves rather than cleared and set again each frame:
   * when it fires before the camera rests it waits again for the rest; when the wait is no longer
   * wanted (a slice ran at once instead) it does nothing.
   */
  private restTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * When the camera's rest was last seen across an animation frame (restTimerSeenAcrossFrame): until then a
   * rest the clock alone says has come is not trusted, since a frame the GPU draws slower than two of
   * the last ones (SwiftShader) looks like a rest while the flight goes on.
   */
  private restSeenAt = -Infinity;
  /** New names the rasteriser may still take before the next frame while the camera moves. */
  private rasterAllowance = LABEL_RASTER_PER_MOVING_FRAME;
  /** New names rasterised per drawn frame while the camera moves; Infinity holds none back (the names bench measures both). */
  rasterPerMovingFrame = LABEL_RASTER_PER_MOVING_FRAME;
  private placed: PlacedLabel[] = [];
  private listeners = new Set<(labels: readonly PlacedLabel[]) => void>();
  /** Room for every star name placed and as many fading, and the constellation names likewise. */
  private quadData: Float32Array<ArrayBuffer> = new Float32Array((LABEL_BUDGET + CONSTELLATION_BUDGET) * 2 * LABEL_QUAD_FLOATS);
  readonly stats: LabelWorkStats = emptyLabelWorkStats();
  private readonly constellations = new ConstellationLabels(this.stats);
  /** Constellation names to rasterise where there is no raster worker (in the work slices). */
  private textQueue = new Set<string>();
  private orderCounter = 0;
  /** Display text by slot. */
  private texts = new Map<number, string>();

  /** Texts sent to the raster worker and not back yet. */
  private inFlight = new Set<string>();
  /** The names' worker (the candidate scan and the rasterising), ended at rest; undefined without one (or once it failed). */
  private thread: NamesThread | undefined;
  /** The font family the worker rasterises names in; undefined where names are rasterised on this thread. */
  private rasterFontFamily: string | undefined;
  private leaveThread: (() => void) | undefined;
  /** Stops the thread handing this its raster replies. */
  private stopTakingRasters: (() => void) | undefined;

  constructor(
    private readonly atlas: LabelAtlas,
    private readonly camera: LabelCamera,
    /** Asked whether the camera rests: new names are held back until it does. */
    private readonly cameraRest: LabelCameraRest,
    requestFrame: () => void,
    /**
     * The names' worker: `start` starts one, which runs the candidate scan off the main thread
     * (without one, or once it fails, the scan runs in the work slices) and, given
     * `rasterFontFamily`, rasterises names in that font (otherwise they are rasterised in the work slices).
     */
    worker?: { start: () => Worker | undefined; rasterFontFamily?: string; restMs?: number },
  ) {
    // Whatever asks for a frame has changed what the names show: the next frame places them again.
    this.requestFrame = () => {
      this.inputsChanged = true;
      requestFrame();
    };
    if (worker) {
      const thread = new NamesThread(worker.start, worker.restMs);
      this.thread = thread;
      this.rasterFontFamily = worker.rasterFontFamily;
      this.leaveThread = thread.join({ busy: () => this.inFlight.size > 0, ended: () => {} });
      this.stopTakingRasters = thread.takeRasterReplies(this.takeRasterReply);
    }
  }

  /** Names go to the worker to be rasterised (not here). */
  private get rasterInWorker(): boolean {
    return this.thread !== undefined && this.rasterFontFamily !== undefined;
  }

  /** Packs the names the raster worker sends back (one task of label work). */
  private takeRasterReply = (reply: RasterReply) => {
    const started = performance.now();
    this.thread?.answered();
    for (const name of reply.names) {
      this.inFlight.delete(name.key);
      if (this.atlas.get(name.key)) continue;
      if (!this.atlas.insert(name.key, name)) {
        this.makeRoom();
        this.atlas.insert(name.key, name);
      }
    }
    noteLabelTask(this.stats, 'reply', performance.now() - started);
    this.requestFrame();
    if (this.rasterQueue.size > 0) this.scheduleWork();
  };

  setStars(stars: LabelStars | undefined): void {
    this.inputsChanged = true;
    this.stars = stars;
    this.awaitingNames = false;
    this.states.clear();
    this.texts.clear();
    this.rasterQueue.clear();
    this.inFlight.clear();
    this.candidates = new Uint32Array(0);
    this.candidateIds.clear();
    this.highlighted.clear();
    this.hovered = this.selected = undefined;
    this.boosted = new Uint8Array(stars ? stars.sizes.length : 0);
    this.scan?.dispose();
    this.scan = stars ? this.startSearch({ positions: stars.positions, sizes: stars.sizes, boosted: this.boosted }) : undefined;
    this.setPlaced([]);
    this.restartScan();
  }

  /**
   * Where the page's panels lie over the canvas (CSS px of the canvas): no name comes near them.
   * Told on resize and layout changes (src/labels/keepClear.ts), never per frame.
   */
  setKeepClear(zones: readonly LabelBox[]): void {
    this.keepClear = zones;
    this.requestFrame();
  }

  /** The galaxy's constellations to name (docs/names.md#constellation-names), or undefined for none. */
  setConstellations(tree: ConstellationTree | undefined): void {
    this.constellations.setTree(tree);
    this.textQueue.clear();
    this.requestFrame();
  }

  /** Constellation names drawn now, in CSS px of the canvas (tests read them). */
  placedConstellations(): readonly PlacedConstellation[] {
    return this.constellations.placed();
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    if (visible) this.restartScan();
    this.requestFrame();
  }

  get isVisible(): boolean {
    return this.visible;
  }

  setHovered(id: number | undefined): void {
    this.hovered = id;
    this.requestFrame();
  }

  setSelected(id: number | undefined): void {
    this.selected = id;
    this.requestFrame();
  }

  setHighlighted(id: number, color: number | undefined): void {
    if (!this.stars) return;
    this.inputsChanged = true;
    if (color === undefined) this.highlighted.delete(id);
    else this.highlighted.set(id, color);
    const slot = this.stars.slotOfStar(id);
    if (slot >= 0 && slot < this.boosted.length) {
      this.boosted[slot] = color === undefined ? 0 : 1;
      this.scan?.written(slot, 1);
    }
  }

  /** The drawn sizes of these slots changed (hover, highlights, styling): the next scan pass sees them. */
  sizesChanged(start: number, count: number): void {
    this.inputsChanged = true;
    this.scan?.written(start, count);
  }

  /**
   * Slots rewritten by the star source now hold other stars, or none, or other sizes: what was known of
   * them (names on screen, texts, queued rasters, candidacy) is forgotten, highlights follow their
   * stars, and a new scan starts.
   */
  slotsWritten(ranges: readonly SlotRange[]): void {
    const stars = this.stars;
    if (!stars || ranges.length === 0) return;
    const written = (slot: number) => ranges.some((r) => slot >= r.start && slot < r.start + r.count);
    for (const slot of this.states.keys()) if (written(slot)) this.states.delete(slot);
    for (const slot of this.texts.keys()) if (written(slot)) this.texts.delete(slot);
    for (const slot of this.rasterQueue) if (written(slot)) this.rasterQueue.delete(slot);
    if (this.candidates.some(written)) this.useCandidates(this.candidates.filter((slot) => !written(slot)));
    for (const { start, count } of ranges) {
      this.scan?.written(start, count);
      const end = Math.min(start + count, this.boosted.length);
      if (this.highlighted.size === 0) this.boosted.fill(0, start, end);
      else for (let slot = start; slot < end; slot++) this.boosted[slot] = this.highlighted.has(stars.starOfSlot(slot)) ? 1 : 0;
    }
    this.restartScan();
    this.requestFrame();
  }

  /** Other slots are drawn (a tiled galaxy's new plan): candidates are chosen again among them. */
  drawnChanged(): void {
    this.inputsChanged = true;
    this.restartScanWhenDue();
  }

  /** Names asked for earlier may have arrived (a tiled galaxy's label shards): a frame tries them again. */
  namesArrived(): void {
    if (!this.awaitingNames) return;
    this.awaitingNames = false;
    this.requestFrame();
  }

  /** After a batch of setHighlighted: a new scan ranks the highlighted stars first. */
  highlightsChanged(): void {
    this.restartScan();
    this.requestFrame();
  }

  /** The camera moved (the scene has told its CameraRest): a new scan pass starts now, or when the one in progress ends. */
  cameraMoved(): void {
    this.inputsChanged = true;
    this.restartScanWhenDue();
  }

  /** A new scan pass starts now, or when the one in progress ends. */
  private restartScan(): void {
    if (!this.scan || !this.visible) return;
    if (this.scanWaits(this.scan)) this.scanStale = true;
    else this.beginScan();
    this.scheduleWork();
  }

  /**
   * The same for what a flight changes every frame (the camera, the cells drawn): in a task of its
   * own, so that a camera move and the cells it changes make one pass, not two, and not before
   * LABEL_SCAN_MOVING_INTERVAL_MS after the last pass began; after the pass in progress, if one is.
   */
  private restartScanWhenDue(): void {
    if (!this.scan || !this.visible) return;
    this.scanStale = true;
    if (!this.scanWaits(this.scan)) this.scheduleStaleScan();
  }

  /**
   * A stale pass begins in the task of the first frame drawn once it is due: whatever makes the scan
   * stale (a camera move, new cells, a pass's reply) asks for a frame too, and a timer task of its
   * own each pass costs a task a frame where frames come further apart than the passes' interval (a
   * slow GPU) and a task every few frames on a fast one.
   */
  private scheduleStaleScan(): void {
    this.scanAtFrame = true;
  }

  /**
   * The frame's part of scheduleStaleScan: a due stale pass begins (a worker's pass needs no work
   * slice after it). A frame that finds the pass not due yet leaves it to the scene's next frames and
   * to the page's frame queue (src/timing/frameQueue.ts), whose frames look again until it is due and
   * begin it in that frame's task: the scene's next frame where frames are drawn, an animation frame
   * that draws nothing where the camera came to rest. A timer armed for the due time fired between two frames of a slow GPU
   * (SwiftShader, 60-400 ms apart): a task of its own for a few microseconds of work. Where animation
   * frames stop (a hidden tab) the queue's fallback timer begins it, FRAMELESS_RUN_MS at most after
   * the frame that found it not due.
   */
  private beginScanAtFrame(): void {
    const scan = this.scan;
    // A pass under way asks again when it ends (takeScanResult).
    if (!this.scanStale || !scan || this.scanWaits(scan) || !this.visible) {
      this.scanAtFrame = false;
      return;
    }
    // Not due: the scene's frames look again (scanAtFrame stays), and the queue's where the scene draws none.
    if (performance.now() - this.scanBeganAt < LABEL_SCAN_MOVING_INTERVAL_MS) {
      frameQueue.add(this.beginScanWhenDue);
      return;
    }
    this.beginScan();
    if (scan.sliced) this.scheduleWork();
  }

  /** A new pass waits for the one running to end (the sliced search's; the worker's take one at any time). */
  private scanWaits(scan: CandidateSearch): boolean {
    return scan.running && !scan.passesOverlap;
  }

  /** Forgets a stale pass scheduled for the next frame. */
  private cancelScheduledScan(): void {
    this.scanAtFrame = false;
    frameQueue.remove(this.beginScanWhenDue);
  }

  /** The frame queue's check for a stale pass: it begins once due, else the next frame looks again. */
  private beginScanWhenDue = (now: number) => {
    const scan = this.scan;
    if (!this.scanStale || !scan || this.scanWaits(scan) || !this.visible) {
      this.scanAtFrame = false;
      return;
    }
    if (now - this.scanBeganAt < LABEL_SCAN_MOVING_INTERVAL_MS) {
      frameQueue.add(this.beginScanWhenDue);
      return;
    }
    this.beginScan();
    // A worker's pass needs no work slice after it (its reply is a task of its own).
    if (scan.sliced) this.scheduleWork();
  };

  onPlacedChange(listener: (labels: readonly PlacedLabel[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True when no scan, rasterising or fade is under way: what is drawn stays as it is until something changes. */
  get settled(): boolean {
    return (
      !this.scan?.running &&
      !frameQueue.has(this.beginScanWhenDue) &&
      !this.scanAtFrame &&
      this.rasterQueue.size === 0 &&
      this.textQueue.size === 0 &&
      this.inFlight.size === 0 &&
      this.workTimer === undefined &&
      !this.workWaitsForRest &&
      !this.fading &&
      this.constellations.textsToRasterise().size === 0
    );
  }

  private fading = false;

  placedLabels(): readonly PlacedLabel[] {
    return this.placed;
  }

  /** Places the names for the camera as it is now and returns what to draw; `animating` asks for another frame. */
  frame(now: number): { labels: LabelQuads; animating: boolean } {
    const started = performance.now();
    const dt = this.lastFrame ? Math.min(now - this.lastFrame, 100) : 16;
    this.lastFrame = now;
    this.rasterAllowance = this.rasterPerMovingFrame;
    if (this.workWaitsForRest) this.scheduleWork();
    if (this.scanAtFrame) this.beginScanAtFrame();
    const camera = this.camera;
    // Nothing the names depend on changed since a frame that ended with no fade under way: they stay as placed.
    if (!this.inputsChanged && !this.fading && this.placedFor.same(camera)) {
      this.lastFrame = 0;
      return { labels: { atlas: this.atlas, dirtyRows: this.atlas.takeDirtyRows(), quads: this.quadData, count: this.quadCount }, animating: false };
    }
    this.inputsChanged = false;
    this.placedFor.take(camera);
    const grid = this.emptyGrid(camera.cssWidth, camera.cssHeight);
    this.frameGrid = grid;
    this.frameDt = dt;
    this.frameNow = now;
    const placedNow: PlacedLabel[] = [];
    this.placedNow = placedNow;
    // Kept between frames (emptied here): a new array and set a frame are garbage a flight collects.
    const placedIds = this.placedIds, shownIds = this.shownIds;
    placedIds.length = 0;
    shownIds.clear();
    this.frameQuadCount = 0;
    this.frameAnimating = false;
    const stars = this.stars;
    // From outside the galaxy constellation names take their places first; inside, star names do.
    const constellationsFirst = this.constellations.takePrecedence(camera);
    if (constellationsFirst) this.drawConstellations();

    if (this.visible && stars) {
      // The queue is what this frame wants, best first: names a flight has left behind are not rasterised.
      this.rasterQueue.clear();
      // The hovered and selected names are placed whatever the density around them, as close to others as names may come.
      for (const slot of this.pinnedSlots()) {
        const state = this.place(slot, PINNED_FIT);
        if (state) state.shown = true;
      }
      // Names already on screen keep their place before new ones are tried.
      const kept = this.keptStates;
      kept.length = 0;
      for (const state of this.states.values()) if (state.shown && this.candidateIds.has(state.id)) kept.push(state);
      kept.sort(byOrder);
      for (const { id } of kept) {
        const state = this.place(id);
        if (state) state.shown = true;
      }
      kept.length = 0;
      for (const id of this.candidates) {
        const state = this.place(id);
        if (state) state.shown = true;
      }
    }
    // Names no longer placed fade out where they are, as long as nothing placed covers them.
    for (const state of this.states.values()) {
      if (shownIds.has(state.id)) continue;
      state.shown = false;
      if (state.opacity <= 0) {
        this.states.delete(state.id);
        continue;
      }
      const entry = this.atlas.get(state.key);
      const request = entry && this.request(state.id, entry);
      if (request) request.side = state.side;
      const placement = request && placeOne(request, grid, ONE_SIDE[state.side], FADING_FIT);
      if (!entry || !placement || this.frameQuadCount >= this.quadData.length / LABEL_QUAD_FLOATS) {
        this.states.delete(state.id);
        continue;
      }
      this.frameQuadCount = this.writeQuad(this.frameQuadCount, placement, entry, this.colorOf(state.id), state);
    }
    if (!constellationsFirst) this.drawConstellations();
    const quadCount = this.frameQuadCount;
    let animating = this.frameAnimating;
    // Fades.
    const step = dt / LABEL_FADE_MS;
    for (const state of this.states.values()) {
      const target = state.shown ? 1 : 0;
      if (state.opacity !== target) {
        state.opacity = target > state.opacity ? Math.min(1, state.opacity + step) : Math.max(0, state.opacity - step);
        animating = true;
      }
    }
    this.refreshOpacities(quadCount);
    for (let i = 0; i < placedNow.length; i++) placedNow[i].opacity = this.states.get(placedIds[i])?.opacity ?? 0;
    this.setPlaced(placedNow);
    this.placedNow = [];
    this.frameGrid = undefined;
    noteLabelTask(this.stats, 'placement', performance.now() - started);
    if (!animating) this.lastFrame = 0;
    this.fading = animating;
    this.quadCount = quadCount;
    return {
      labels: {
        atlas: this.atlas,
        dirtyRows: this.atlas.takeDirtyRows(),
        quads: this.quadData,
        count: quadCount,
      },
      animating,
    };
  }

  dispose(): void {
    clearTimeout(this.workTimer);
    this.workTimer = undefined;
    clearTimeout(this.restTimer);
    this.restTimer = undefined;
    this.workWaitsForRest = false;
    this.cancelScheduledScan();
    this.scan?.dispose();
    this.stopTakingRasters?.();
    this.leaveThread?.();
    this.thread?.stop();
    this.listeners.clear();
  }

  // internals

  /** Something the names depend on changed since the last placement (set wherever a frame is asked for, and by the changes that ask none). */
  private inputsChanged = true;
  private readonly requestFrame: () => void;
  /** The camera of the last placement, and how many quads it wrote. */
  private readonly placedFor = new CameraSnapshot();
  private quadCount = 0;

  /**
   * frame()'s state while it places, in fields rather than closures made each frame: the grid, the
   * frame's time step, the names placed so far, the quads written, whether a fade is under way.
   */
  private frameGrid: PlacementGrid | undefined;
  private frameDt = 16;
  private frameNow = 0;
  private placedNow: PlacedLabel[] = [];
  private frameQuadCount = 0;
  private frameAnimating = false;

  /** The constellation names' part of frame() (before or after the star names). */
  private drawConstellations(): void {
    const fading = this.constellations.frame(this.camera, this.frameGrid!, this.visible, this.atlasEntryOf, this.drawConstellationQuad, this.frameDt, this.frameNow);
    this.frameAnimating ||= fading;
    this.rasteriseConstellationNames();
  }

  private readonly atlasEntryOf = (text: string): AtlasEntry | undefined => this.atlas.get(text);

  private readonly drawConstellationQuad = (box: LabelBox, entry: AtlasEntry, opacity: number): void => {
    const index = this.frameQuadCount;
    if (index >= this.quadData.length / LABEL_QUAD_FLOATS) return;
    writeLabelQuad(this.quadData, index, box, entry, this.atlas, CONSTELLATION_FILL, opacity, CONSTELLATION_FONT_SCALE);
    this.quadOwners[index] = undefined;
    this.frameQuadCount = index + 1;
  };

  /** Places a slot's name this frame (frame()'s star names), or returns undefined when it does not fit or cannot be named yet. */
  private place(id: number, options?: FitOptions): LabelState | undefined {
    const stars = this.stars, placedNow = this.placedNow, shownIds = this.shownIds;
    if (!stars || shownIds.has(id) || placedNow.length >= LABEL_BUDGET || !(stars.sizes[id] > 0)) return undefined;
    const star = stars.starOfSlot(id);
    if (star < 0) return undefined;
    // Where the star is first: a name off screen, or under a panel on every side, is neither rasterised nor tried.
    const request = this.projected(id);
    if (!request || panelCoversEverySide(this.frameGrid!, request.x, request.y, request.radius)) return undefined;
    const entry = this.entryFor(id, star === this.hovered || star === this.selected);
    if (!entry) return undefined;
    request.width = entry.cssWidth;
    request.height = entry.cssHeight;
    const state = this.states.get(id);
    if (state) request.side = state.side;
    const placement = placeOne(request, this.frameGrid!, SIDES, options);
    if (!placement) return undefined;
    const next = state ?? { id, key: '', side: placement.side, opacity: 0, shown: true, order: this.orderCounter++ };
    next.key = this.textOf(id);
    next.side = placement.side;
    this.states.set(id, next);
    shownIds.add(id);
    this.frameQuadCount = this.writeQuad(this.frameQuadCount, placement, entry, this.colorOf(id), next);
    this.placedIds.push(id);
    placedNow.push({ id: star, name: next.key, text: entry.text, x: placement.x, y: placement.y, width: placement.width, height: placement.height, opacity: next.opacity, starX: request.x, starY: request.y });
    return next;
  }

  /** frame()'s scratch: the slots placed this frame, those shown, and the names kept in place (emptied at each frame). */
  private readonly placedIds: number[] = [];
  private readonly shownIds = new Set<number>();
  private readonly keptStates: LabelState[] = [];

  /** The placement grid, kept between frames: a new one a frame cost a map and a density array each time. */
  private grid: PlacementGrid | undefined;

  private emptyGrid(width: number, height: number): PlacementGrid {
    if (this.grid?.isFor(width, height, this.keepClear)) this.grid.clear();
    else this.grid = new PlacementGrid(width, height, this.keepClear);
    return this.grid;
  }

  /** The star name each quad draws, whose fade sets its opacity; undefined for a constellation name (its opacity is final when written). */
  private quadOwners: (LabelState | undefined)[] = [];

  private writeQuad(index: number, box: { x: number; y: number; width: number; height: number }, entry: AtlasEntry, color: number, state: LabelState): number {
    if (index >= this.quadData.length / LABEL_QUAD_FLOATS) return index;
    writeLabelQuad(this.quadData, index, box, entry, this.atlas, color, state.opacity);
    this.quadOwners[index] = state;
    return index + 1;
  }

  /** Opacities change after placement (fades); the quads take the new values. */
  private refreshOpacities(count: number): void {
    for (let i = 0; i < count; i++) {
      const owner = this.quadOwners[i];
      if (owner) this.quadData[i * LABEL_QUAD_FLOATS + 11] = owner.opacity;
    }
  }

  private colorOf(slot: number): number {
    const id = this.stars ? this.stars.starOfSlot(slot) : -1;
    if (id === this.hovered) return LABEL_COLOR_HOVERED;
    if (id === this.selected) return LABEL_COLOR_SELECTED;
    return this.highlighted.get(id) ?? LABEL_COLOR_NORMAL;
  }

  /** Slots of the hovered and selected stars that are resident. */
  private pinnedSlots(): readonly number[] {
    const stars = this.stars;
    const slots = this.pinned;
    slots.length = 0;
    if (!stars) return slots;
    const hovered = this.hovered === undefined ? -1 : stars.slotOfStar(this.hovered);
    if (hovered >= 0) slots.push(hovered);
    const selected = this.selected === undefined ? -1 : stars.slotOfStar(this.selected);
    if (selected >= 0) slots.push(selected);
    return slots;
  }

  /** pinnedSlots()'s array, kept between frames. */
  private readonly pinned: number[] = [];

  /** The star's screen position and drawn radius and its name's size (no side yet), or undefined when it is behind the camera or off screen. */
  private request(id: number, entry: AtlasEntry): PlacementRequest | undefined {
    const request = this.projected(id);
    if (!request) return undefined;
    request.width = entry.cssWidth;
    request.height = entry.cssHeight;
    return request;
  }

  /** request() without the name's size (width and height as the last request left them). */
  private projected(id: number): PlacementRequest | undefined {
    const stars = this.stars!;
    const m = this.camera.viewProjection, p = stars.positions;
    const x = p[id * 3], y = p[id * 3 + 1], z = p[id * 3 + 2];
    const w = m[3] * x + m[7] * y + m[11] * z + m[15];
    if (w <= 0) return undefined;
    const nx = (m[0] * x + m[4] * y + m[8] * z + m[12]) / w;
    const ny = (m[1] * x + m[5] * y + m[9] * z + m[13]) / w;
    if (nx < -1 || nx > 1 || ny < -1 || ny > 1) return undefined;
    const c = this.camera.position;
    const ratio = this.camera.width / this.camera.cssWidth;
    const diameter = starCssDiameter(stars.sizes[id], Math.hypot(x - c[0], y - c[1], z - c[2]), ratio);
    const request = this.keptRequest;
    request.id = id;
    request.x = ((nx + 1) / 2) * this.camera.cssWidth;
    request.y = ((1 - ny) / 2) * this.camera.cssHeight;
    request.radius = diameter / 2;
    request.side = undefined;
    return request;
  }

  /** request()'s answer, rewritten at each call (placeOne keeps nothing of it): one object, not one per name per frame. */
  private readonly keptRequest: PlacementRequest = { id: 0, x: 0, y: 0, radius: 0, width: 0, height: 0, side: undefined };

  /**
   * The atlas entry of a star's name, or undefined until it is rasterised. An `urgent` name (hovered,
   * selected) goes to the raster worker at once, ahead of the queue; without a worker it is drawn here
   * now. Others are queued for the next slice of work.
   */
  private entryFor(id: number, urgent: boolean): AtlasEntry | undefined {
    const text = this.textOf(id);
    if (!text) return undefined;
    const entry = this.atlas.get(text);
    if (entry) return entry;
    if (urgent && !this.rasterInWorker) return this.rasterize(text);
    if (urgent) this.sendToRaster([text]);
    else {
      this.rasterQueue.add(id);
      this.scheduleWork();
    }
    return undefined;
  }

  /**
   * Sends display texts to the raster worker (those not already there or on their way), in one
   * message; a frame whose wanted names are all on their way builds no array and posts nothing.
   */
  private sendToRaster(texts: Iterable<string>): void {
    const fontFamily = this.rasterFontFamily;
    if (!this.thread || fontFamily === undefined) return;
    let fresh: string[] | undefined;
    for (const text of texts) if (!this.inFlight.has(text) && !this.atlas.get(text)) (fresh ??= []).push(text);
    if (!fresh) return;
    const worker = this.thread.take();
    if (!worker) return this.workerFailed();
    for (const text of fresh) this.inFlight.add(text);
    worker.postMessage({ kind: 'raster', fontFamily, texts: fresh } satisfies RasterRequest);
  }

  /** The display text of a slot's star, or '' while its name has not arrived. */
  private textOf(id: number): string {
    let text = this.texts.get(id);
    if (text === undefined) {
      const name = this.stars!.name(id);
      if (name === undefined) {
        this.awaitingNames = true;
        return '';
      }
      if (this.texts.size > 20_000) this.texts.clear();
      text = displayText(name);
      this.texts.set(id, text);
    }
    return text;
  }

  private rasterize(text: string): AtlasEntry | undefined {
    this.inputsChanged = true;
    const started = performance.now();
    let entry = this.atlas.add(text, text);
    if (!entry) {
      this.makeRoom();
      entry = this.atlas.add(text, text);
    }
    noteLabelTask(this.stats, 'raster', performance.now() - started);
    return entry;
  }

  /** The atlas is full: keeps the names on screen, fading or about to be (candidates, pinned), else clears it. */
  private makeRoom(): void {
    const inUse = new Set<string>();
    for (const state of this.states.values()) inUse.add(state.key);
    for (const text of this.constellations.textsInUse()) inUse.add(text);
    for (const id of [...this.candidates, ...this.pinnedSlots()]) if (this.stars && id < this.stars.sizes.length) inUse.add(this.textOf(id));
    if (this.atlas.compact((name) => inUse.has(name))) {
      this.stats.atlasCompactions++;
      return;
    }
    this.atlas.clear();
    this.stats.atlasClears++;
  }

  private beginScan(): void {
    const c = this.camera;
    this.scanStale = false;
    this.cancelScheduledScan();
    this.scanBeganAt = performance.now();
    this.stats.scanPassesBegun++;
    if (this.scan && !this.scan.sliced && this.rasterInWorker && this.inFlight.size > 0) this.stats.passesBehindRaster++;
    this.scan?.begin({ viewProjection: c.viewProjection, position: c.position, pixelRatio: c.width / c.cssWidth }, this.stars?.drawnCells?.());
  }

  /** Schedules the next slice of work: at once, or once the camera rests when new names are held back till then. */
  private scheduleWork(untilRest = false): void {
    if (this.workTimer !== undefined || (untilRest && this.workWaitsForRest)) return;
    this.workWaitsForRest = untilRest;
    if (!untilRest) this.workTimer = setTimeout(this.runLabelSlice, 0);
    else this.waitForRest();
  }

  /** When the rest timer is due (performance.now() clock). */
  private restTimerDue = 0;

  /**
   * Arms the rest timer for the camera's rest, unless one is pending that fires no later: one that
   * fires earlier waits again then. The rest can come sooner than a pending timer's time when moves
   * come faster (CameraRest stretches the wait by the last move interval).
   */
  private waitForRest(): void {
    const now = performance.now();
    const due = now + this.untilRest(now);
    if (this.restTimer !== undefined) {
      if (this.restTimerDue <= due) return;
      clearTimeout(this.restTimer);
    }
    this.restTimerDue = due;
    this.restTimer = setTimeout(this.restTimerFired, due - now);
  }

  /** Milliseconds until the camera rests (0 when it does). */
  private untilRest(now: number): number {
    return Math.max(0, this.cameraRest.restsAt(LABEL_CAMERA_REST_MS) - now);
  }

  private restTimerFired = () => {
    this.restTimer = undefined;
    if (!this.workWaitsForRest) return;
    if (this.untilRest(performance.now()) > 0) this.waitForRest();
    else afterNextFrame(this.restTimerSeenAcrossFrame);
  };

  /**
   * The rest timer's check once the next animation frame's callbacks have run (a move made in them
   * counts): a flight's next move comes with that frame, however slowly the last one was drawn.
   */
  private restTimerSeenAcrossFrame = () => {
    if (!this.workWaitsForRest || this.restTimer !== undefined) return;
    const now = performance.now();
    if (this.untilRest(now) > 0) this.waitForRest();
    else {
      this.restSeenAt = now;
      this.runLabelSlice();
    }
  };

  /** How many queued names may go to the rasteriser now: a batch at rest, what is left of this frame's allowance while the camera moves. */
  private rasterLimit(): number {
    const moving = !this.cameraRest.restsBy(performance.now(), LABEL_CAMERA_REST_MS) || this.restSeenAt < this.cameraRest.restsAt(LABEL_CAMERA_REST_MS);
    return moving ? Math.min(RASTER_BATCH, this.rasterAllowance) : RASTER_BATCH;
  }

  private spendRasterAllowance(names: number): void {
    this.rasterAllowance = Math.max(0, this.rasterAllowance - names);
  }

  /** One slice of label work between frames: the candidate scan, then queued names to the raster worker. */
  private runLabelSlice = () => {
    this.workTimer = undefined;
    this.workWaitsForRest = false;
    const started = performance.now();
    const deadline = started + LABEL_WORK_SLICE_MS;
    let changed = false;
    const scan = this.scan;
    if (scan?.sliced && scan.running && scan.step(deadline)) {
      this.takeScanResult(scan);
      changed = true;
    }
    const stars = this.stars;
    if (this.rasterInWorker && stars && this.inFlight.size === 0) {
      const limit = this.rasterLimit();
      const texts = new Set<string>();
      for (const id of this.rasterQueue) {
        if (texts.size >= limit) break;
        this.rasterQueue.delete(id);
        const text = id < stars.sizes.length ? this.textOf(id) : '';
        if (text && !this.atlas.get(text)) texts.add(text);
      }
      this.spendRasterAllowance(texts.size);
      this.sendToRaster(texts);
    }
    noteLabelTask(this.stats, 'slice', performance.now() - started);
    // Without a raster worker, names are rasterised here, each in a task of its own.
    if (!this.rasterInWorker) changed = this.rasterizeQueued(deadline) || changed;
    if (changed) this.requestFrame();
    const rasterWaits = (this.rasterQueue.size > 0 && (this.inFlight.size === 0 || !this.rasterInWorker)) || this.textQueue.size > 0;
    if ((scan?.sliced && scan.running) || (rasterWaits && this.rasterLimit() > 0)) this.scheduleWork();
    // The camera moves and this frame's names are spent: the next frame, or the camera at rest, lets more through.
    else if (rasterWaits) this.scheduleWork(true);
  };

  /** Constellation names not in the atlas go to the raster worker at once (a few at most), or to the work slices without one. */
  private rasteriseConstellationNames(): void {
    const texts = this.constellations.textsToRasterise();
    if (texts.size === 0) return;
    if (this.rasterInWorker) {
      this.sendToRaster(texts);
      return;
    }
    for (const text of texts) this.textQueue.add(text);
    this.scheduleWork();
  }

  /** Rasterises queued names on the main thread until `deadline`; true when one was added. */
  private rasterizeQueued(deadline: number): boolean {
    const stars = this.stars;
    let added = false;
    for (const text of this.textQueue) {
      if (added && performance.now() >= deadline) return added;
      this.textQueue.delete(text);
      if (!this.atlas.get(text)) added = this.rasterize(text) !== undefined || added;
    }
    for (const id of this.rasterQueue) {
      if ((added && performance.now() >= deadline) || this.rasterLimit() === 0) break;
      this.rasterQueue.delete(id);
      if (!stars || id >= stars.sizes.length) continue;
      const text = this.textOf(id);
      if (text && !this.atlas.get(text)) {
        this.spendRasterAllowance(1);
        added = this.rasterize(text) !== undefined || added;
      }
    }
    return added;
  }

  private startSearch(stars: SearchStars): CandidateSearch {
    const thread = this.thread;
    if (!thread?.take()) return new SlicedCandidateSearch(stars, LABEL_CANDIDATES, LABEL_MIN_STAR_CSS_PX);
    const finished = (changed: boolean) => {
      if (search !== this.scan) return;
      noteTimes(this.stats.workerPasses, search.lastPassMs);
      // One task of label work: the candidates from the worker, and a frame to place them.
      const started = performance.now();
      this.takeScanResult(search, changed);
      if (changed) noteLabelTask(this.stats, 'slice', performance.now() - started);
      // The same candidates leave the names as placed: a frame only for the stale pass to begin in.
      if (changed || this.scanStale) this.requestFrame();
    };
    const failed = () => {
      this.workerFailed();
      if (search !== this.scan) return;
      this.scan = this.startSearch(stars);
      this.restartScan();
    };
    const search = new WorkerCandidateSearch(thread, stars, LABEL_CANDIDATES, LABEL_MIN_STAR_CSS_PX, finished, failed);
    return search;
  }

  /**
   * The names' worker failed (did not load, threw, or none starts): the scan and the rasterising
   * go on in the work slices, the names sent to it and not back with them.
   */
  private workerFailed(): void {
    this.stopTakingRasters?.();
    this.stopTakingRasters = undefined;
    this.leaveThread?.();
    this.leaveThread = undefined;
    this.thread?.stop();
    this.thread = undefined;
    this.rasterFontFamily = undefined;
    this.inFlight.clear();
    this.scheduleWork();
  }

  /** A scan pass ended: its candidates are used (unless `changed` says they are those held), and the next pass begins when one is due. */
  private takeScanResult(scan: CandidateSearch, changed = true): void {
    if (changed) this.useCandidates(scan.result(), scan.sortedResult());
    this.stats.scanPasses++;
    if (this.scanStale) this.scheduleStaleScan();
  }

  /** `sorted`: the same slots in ascending order, where the search brings them so (then nothing is sorted here). */
  private useCandidates(ids: Uint32Array, sorted?: Uint32Array): void {
    this.inputsChanged = true;
    this.candidates = ids;
    if (sorted) this.candidateIds.adopt(sorted);
    else this.candidateIds.take(ids);
  }

  private setPlaced(labels: PlacedLabel[]): void {
    const before = this.placed;
    this.placed = labels;
    // Compared in place rather than by a key string built every frame.
    if (labels.length === before.length && labels.every((label, i) => label.id === before[i].id)) return;
    for (const listener of this.listeners) listener(labels);
  }
}

const byOrder = (a: LabelState, b: LabelState) => a.order - b.order;

/** A fading name stays on its side: each side alone, and how it is fitted (kept, not made per name per frame). */
const ONE_SIDE: readonly (readonly Side[])[] = SIDES.map((side) => [side]);
const FADING_FIT: FitOptions = { density: false };

/** How the hovered and selected names are fitted (one object, not one a frame). */
const PINNED_FIT: FitOptions = { density: false, margin: LABEL_PINNED_MARGIN_CSS_PX };

/** The camera's numbers that placement reads, copied, to tell a frame whose camera did not move at all. */
class CameraSnapshot {
  private readonly numbers = new Float64Array(24);
  private taken = false;

  take(camera: LabelCamera): void {
    this.taken = true;
    this.read(camera, this.numbers);
  }

  same(camera: LabelCamera): boolean {
    if (!this.taken) return false;
    const n = this.numbers, m = camera.viewProjection, p = camera.position;
    for (let i = 0; i < 16; i++) if (n[i] !== m[i]) return false;
    return (
      n[16] === p[0] && n[17] === p[1] && n[18] === p[2] && n[19] === camera.width && n[20] === camera.cssWidth && n[21] === camera.cssHeight &&
      n[22] === (camera.projection?.[5] ?? 0) && n[23] === (camera.projection?.[0] ?? 0)
    );
  }

  private read(camera: LabelCamera, into: Float64Array): void {
    for (let i = 0; i < 16; i++) into[i] = camera.viewProjection[i];
    into[16] = camera.position[0];
    into[17] = camera.position[1];
    into[18] = camera.position[2];
    into[19] = camera.width;
    into[20] = camera.cssWidth;
    into[21] = camera.cssHeight;
    into[22] = camera.projection?.[5] ?? 0;
    into[23] = camera.projection?.[0] ?? 0;
  }
}

/**
 * Runs `then` in a task after the next animation frame's callbacks, or in the next task where the
 * page has no animation frames (a worker, Node).
 */
function afterNextFrame(then: () => void): void {
  if (typeof requestAnimationFrame !== 'function') setTimeout(then, 0);
  else requestAnimationFrame(() => setTimeout(then, 0));
}
