import { vec3 } from 'gl-matrix';
import { canvasRasterizer, LabelAtlas } from '../labels/labelAtlas';
import { workerCanRasterize } from '../labels/rasterProtocol';
import { startNamesWorker } from '../labels/namesThread';
import { type LabelCameraRest, type PlacedLabel, StarLabels, type LabelWorkStats } from '../labels/starLabels';
import { sourceLabelStars, type StarNames } from '../labels/sourceLabelStars';
import type { LabelBox } from '../labels/placeLabels';
import type { PlacedConstellation } from '../labels/constellationLabels';
import { constellationTree, type ConstellationLevels } from '../constellations/constellationNames';
import { CameraRest } from './cameraRest';
import { HIT_THRESHOLD } from '../picking/hitTest';
import { slotRuns } from './slotRuns';
import { boundsOfBox, Camera, lookAtOrientation, wholeScenePose, type SceneBounds } from '../renderer/camera';
import { DEFAULT_STAR_COLOR, StarAttributes } from '../renderer/starAttributes';
import { NO_CELLS } from '../renderer/starCells';
import { HOVER_COLOR, HOVER_SIZE_FACTOR } from '../renderer/starStyle';
import type { Renderer } from '../renderer/types';
import type { ShownGalaxy } from '../stars/shownGalaxy';
import type { LinkSettings, LinkWork, SlotRange, StarSource, StarSourceChange } from '../stars/starSource';
import { FLY_TO_DISTANCE, poseAt } from './cameraAnimation';
import type { ConstellationRef, Constellations } from '../constellations/constellations';
import {
  baseStarColour,
  constellationMembers,
  dimmed,
  finestCommunityColours,
  HIGHLIGHTED_CONSTELLATION_SIZE_FACTOR,
  OUTSIDE_HIGHLIGHT_DIMMING,
} from '../constellations/colourRule';
import type { Backend, CameraPose, Scene } from './scene';
import { keptPlannerCamera, plannerCameraOf } from './plannerCamera';
import { SceneStarBudget, type StarBudgetPolicy } from './sceneStarBudget';
import { frameQueue } from '../timing/frameQueue';

/** Where the camera starts over a galaxy's first stars: a pose, or the pose that shows the galaxy whole. */
export type CameraStart = CameraPose | 'whole-galaxy';

/** Default fly-to distance (docs/rules.md#controls). */
export const DEFAULT_FLY_DISTANCE = FLY_TO_DISTANCE;

interface Flight {
  from: CameraPose;
  to: CameraPose;
  started: number;
  resolve: () => void;
}

/**
 * The drawn galaxy: stars, links, camera, hover and highlight over one Renderer, drawn on
 * demand. The renderer can be swapped (a lost device) without losing the camera or the stars.
 *
 * The stars come from one star source (src/stars/starSource.ts), whatever the galaxy's shape: they
 * sit in slots that the renderer draws through the source's cells; every id the UI passes in or
 * gets back is a star number, and slots stay inside the scene.
 */
export class GalaxyScene implements Scene {
  readonly camera = new Camera();
  /** When the camera rests, for the star names and the list of named stars (each with its own wait). */
  private readonly cameraRest = new CameraRest();
  /** What the stars plan from, rewritten by every move (plannerCameraOf). */
  private readonly plannerCamera = keptPlannerCamera();
  private renderer: Renderer | undefined;
  private stars: StarSource | undefined;
  private stopStars: (() => void) | undefined;
  /** Where the stars' names come from (undefined while a galaxy streams in without them). */
  private names: StarNames | undefined;
  private stopNames: (() => void) | undefined;
  /** A fly-to waiting for its star to be located (a tiled galaxy's star whose tile is not loaded). */
  private locating: AbortController | undefined;
  /** The drawn colours and sizes, per slot. */
  private starAttributes: StarAttributes | undefined;
  private bounds: SceneBounds = { center: [0, 0, 0], radius: 0, halfSize: 0 };
  private links: LinkSettings = { showLinks: false, maxVisibleDistance: 150, scale: 1.75 };
  private linkPairs: Uint32Array | undefined;
  /** The source and version (StarSource.linkPairsChange) of the link pairs the renderer holds, when it holds a source's such pairs. */
  private linksDrawn: { stars: StarSource; version: number } | undefined;
  /** By star number, re-applied when its star's slot is written. */
  private hovered: number | undefined;
  private highlighted = new Map<number, number>();
  /** The galaxy's constellations and whether stars are coloured by them (the one colour rule, src/constellations/colourRule.ts). */
  private constellations: Constellations | undefined;
  private colourByCommunity = true;
  /** Drawn colour per finest community, undefined while stars are white. */
  private communityColours: Uint32Array | undefined;
  /** The highlighted constellation, and which finest communities are in it. */
  private highlightedConstellation: ConstellationRef | undefined;
  private constellationMembers: Uint8Array | undefined;
  private cameraListeners = new Set<() => void>();
  private flight: Flight | undefined;
  /** Whether the camera moved since the last frame (the star budget measures frames by it, and by when the page asked the frame: FrameQueue.frameAskedAt). */
  private cameraMovedSinceFrame = false;
  /** The camera's position and orientation before a move, to tell whether it moved (kept: a flight moves it every frame). */
  private readonly poseBefore = new Float64Array(7);
  private readonly starBudget = new SceneStarBudget();
  /** The budget last shown to tests as data-star-budget, and the stars drawn as data-stars. */
  private shownBudget: number | undefined;
  private shownStars: number | undefined;
  private readonly stopVisibility: () => void;
  /**
   * Frames the current renderer has drawn (tests and benches wait on it through window.galaxyScene).
   * A property, not an attribute of the canvas: a DOM attribute written every frame cost each frame
   * a mutation (about 40 µs of the main thread's frame here) for the tests' sake.
   */
  framesDrawn = 0;
  /** performance.now() when the first frame with stars in it had been submitted (for the benchmark). */
  firstStarFrameAt: number | undefined;
  /** Star names drawn in the scene (absent where there is no 2D canvas to draw text with, as in Node). */
  private readonly labels: StarLabels | undefined;
  /** The galaxy's constellations to name, with the scale its stars are drawn at. */
  private constellationNaming: { levels: ConstellationLevels; scale: number } | undefined;
  /** Whether the scene has been given a size: the whole-galaxy view depends on its aspect. */
  private sized = false;
  /** The whole-galaxy view was asked for before the scene had a size: taken again at the first resize. */
  private wholeGalaxyAtFirstSize = false;

  /** `makeLabels` builds the names' engine over the scene's camera (tests give one with a text rasterizer of their own). */
  constructor(makeLabels: (camera: Camera, cameraRest: LabelCameraRest, requestFrame: () => void) => StarLabels | undefined = createStarLabels) {
    this.labels = makeLabels(this.camera, this.cameraRest, () => this.requestRender());
    this.stopVisibility = onVisibilityChange(() => this.starBudget.interrupt());
  }

  /** What the address asks of the star budget: a frame rate to aim at, or a fixed budget. */
  setStarBudgetPolicy(policy: StarBudgetPolicy): void {
    this.starBudget.setPolicy(policy);
    this.requestRender();
  }

  /** The most stars drawn at once now, undefined without stars. */
  get starBudgetStars(): number | undefined {
    return this.starBudget.stars;
  }

  /** The most the star budget may grow to now (tests read it: a budget at its ceiling has no headroom to use). */
  get starBudgetCeiling(): number | undefined {
    return this.starBudget.ceiling;
  }

  /** Frame costs the star budget has been told of (SceneStarBudget.framesMeasured), for tests. */
  get starBudgetFramesMeasured(): number {
    return this.starBudget.framesMeasured;
  }

  get backend(): Backend {
    return this.renderer?.backend ?? 'webgl2';
  }

  /** The renderer draws on a CPU rasteriser (tests and benchmarks read it; the star budget asked the same of the device). */
  get softwareRasteriser(): boolean | undefined {
    return this.renderer?.softwareRasteriser;
  }

  /** True once picking uses the star source's index (until then it scans every star). */
  get spatialIndexReady(): boolean {
    return this.stars?.pickingIndexed ?? false;
  }

  get canvas(): HTMLCanvasElement | undefined {
    return this.renderer?.canvas;
  }

  /** Takes a (new) renderer and uploads everything it needs to draw the current state. */
  attachRenderer(renderer: Renderer): void {
    this.renderer = renderer;
    renderer.canvas.dataset.backend = renderer.backend;
    this.framesDrawn = 0;
    this.shownBudget = undefined;
    this.shownStars = undefined;
    this.uploadStars();
    this.drawLinks();
    this.showLinkColours();
    this.requestRender();
  }

  detachRenderer(): Renderer | undefined {
    const renderer = this.renderer;
    this.renderer = undefined;
    return renderer;
  }

  /**
   * Shows a galaxy's stars and names, or nothing when `galaxy` holds none. `start`, given with a
   * galaxy's first stars, places the camera in the same step, so that no one has to wait for the
   * stars to be in before placing it (docs/rules.md#url).
   */
  show(galaxy: ShownGalaxy, start?: CameraStart): void {
    this.setStars(galaxy.stars);
    this.setNames(galaxy.names);
    if (start === 'whole-galaxy') {
      this.setCamera(this.wholeGalaxyPose());
      this.wholeGalaxyAtFirstSize = !this.sized;
    } else if (start) {
      this.setCamera(start);
    }
  }

  /** Stars drawn and stars in the galaxy. */
  get starCounts(): { drawn: number; total: number } {
    return { drawn: this.stars?.drawnStars ?? 0, total: this.stars?.starCount ?? 0 };
  }

  /**
   * Draws a star source (undefined draws nothing) in place of the one drawn now: its slots are
   * uploaded once with its cells; the drawn colours and sizes are kept per slot; the camera's bounds
   * are the source's, and each camera move or resize is handed to it. The same source again keeps
   * everything, hover and highlights included.
   */
  private setStars(stars: StarSource | undefined): void {
    if (stars === this.stars) return;
    this.stopStars?.();
    this.stopStars = undefined;
    this.locating?.abort();
    this.setNames(undefined);
    this.hovered = undefined;
    this.highlighted.clear();
    this.stars = stars;
    this.starAttributes = undefined;
    if (stars) {
      const starAttributes = new StarAttributes(stars.positions);
      starAttributes.sizes.set(stars.sizes);
      this.watch(starAttributes);
      this.stopStars = stars.onChange((change) => this.starsChanged(stars, change));
    }
    this.fitBounds();
    this.uploadStars();
    this.updateLinks();
    this.showLinkColours();
    stars?.setCamera(plannerCameraOf(this.camera, this.plannerCamera));
    this.starBudget.setSource(stars);
  }

  /**
   * The source's columns grew with the star budget: the drawn colours and sizes start again from
   * the stars' own (hover and highlights styled again) and everything is uploaded again.
   */
  private starsResized(stars: StarSource): void {
    const starAttributes = new StarAttributes(stars.positions);
    starAttributes.sizes.set(stars.sizes);
    this.watch(starAttributes);
    for (const id of [...this.highlighted.keys(), ...(this.hovered === undefined ? [] : [this.hovered])]) {
      const slot = stars.slotOfStar(id);
      if (slot >= 0) this.styleSlot(slot, id);
    }
    const names = this.names;
    this.labels?.setStars(names ? sourceLabelStars(stars, starAttributes.sizes, names) : undefined);
    this.uploadStars();
  }

  /** Names need the stars' sizes: each star is named once its name is in. */
  private setNames(names: StarNames | undefined): void {
    if (names === this.names) return;
    this.stopNames?.();
    this.names = names;
    this.stopNames = names?.onChange(() => this.labels?.namesArrived());
    const { stars, starAttributes } = this;
    this.labels?.setStars(names && stars && starAttributes ? sourceLabelStars(stars, starAttributes.sizes, names) : undefined);
  }

  private fitBounds(): void {
    const box = this.stars?.bounds;
    this.bounds = box && this.stars!.starCount > 0 ? boundsOfBox(box.min, box.max) : { center: [0, 0, 0], radius: 0, halfSize: 0 };
    this.camera.setScene(this.bounds);
    this.nameConstellations();
  }

  /** The drawn colours and sizes: each change is written to the renderer (only the stars changed). */
  private watch(starAttributes: StarAttributes): void {
    starAttributes.onChange((change) => {
      // The names' scan keeps its own copy of the sizes: it hears of every change, renderer or not.
      if (change.kind === 'sizes') this.labels?.sizesChanged(change.range.start, change.range.count);
      if (!this.renderer) return;
      if (change.kind === 'colors') this.renderer.updateStarColors(starAttributes.colorBytes, change.range.start, change.range.count);
      else if (change.kind === 'sizes') this.renderer.updateStarSizes(starAttributes.sizes, change.range.start, change.range.count);
      this.requestRender();
    });
    this.starAttributes = starAttributes;
  }

  private starsChanged(stars: StarSource, change: StarSourceChange): void {
    if (stars !== this.stars) return;
    if (change.boundsChanged) this.fitBounds();
    if (change.resized) this.starsResized(stars);
    for (const range of change.written) this.slotsWritten(stars, range);
    if (stars.footprints) for (const range of change.footprintsWritten ?? []) this.renderer?.updateStarFootprints(stars.footprints, range.start, range.count);
    if (change.communitiesChanged) this.restyleAll();
    this.labels?.slotsWritten(change.written);
    if (change.drawnChanged) {
      this.renderer?.setStarCells(stars.drawnCells());
      this.labels?.drawnChanged();
    }
    if (change.linksChanged) this.updateLinks();
    this.requestRender();
  }

  /**
   * Slots that now hold other stars (or none), or other sizes: their drawn colour and size start
   * from the stars' own, the hovered and highlighted stars among them are styled again, and the
   * range is written to the renderer at once.
   */
  private slotsWritten(stars: StarSource, { start, count }: SlotRange): void {
    const starAttributes = this.starAttributes;
    if (!starAttributes || count <= 0 || start < 0 || start + count > starAttributes.count) return;
    starAttributes.colorBytes.fill(255, start * 4, (start + count) * 4);
    starAttributes.sizes.set(stars.sizes.subarray(start, start + count), start);
    if (this.styledByConstellation()) {
      for (let slot = start; slot < start + count; slot++) {
        if (stars.sizes[slot] === 0) continue;
        starAttributes.storeColor(slot, this.baseColourOfSlot(stars, slot));
        starAttributes.sizes[slot] = stars.sizes[slot] * this.sizeFactorOfSlot(stars, slot);
      }
    }
    if (this.hovered !== undefined || this.highlighted.size > 0) {
      for (let slot = start; slot < start + count; slot++) {
        const star = stars.starOfSlot(slot);
        if (star >= 0 && (star === this.hovered || this.highlighted.has(star))) this.styleSlot(slot, star);
      }
    }
    this.renderer?.updateStars(start, count, stars.positions, starAttributes.colorBytes, starAttributes.sizes);
    if (stars.footprints) this.renderer?.updateStarFootprints(stars.footprints, start, count);
  }

  /**
   * New places for the same stars, as a layout running in the browser settles: colours, sizes,
   * hover and highlights stay; bounds, picking and the visible links follow (the source tells).
   */
  moveStars(positions: Float32Array): void {
    this.stars?.moveStars?.(positions);
  }

  setLinkSettings(settings: LinkSettings): void {
    const l = this.links;
    if (l.showLinks === settings.showLinks && l.maxVisibleDistance === settings.maxVisibleDistance && l.scale === settings.scale) return;
    this.links = { ...settings };
    this.updateLinks();
  }

  /** Drawing-buffer size in device pixels and the canvas's CSS size. */
  resize(width: number, height: number, cssWidth: number, cssHeight: number): void {
    this.camera.setViewport(width, height, cssWidth, cssHeight);
    this.sized = true;
    if (this.wholeGalaxyAtFirstSize) this.setCamera(this.wholeGalaxyPose());
    this.renderer?.resize(width, height);
    this.cameraRest.moved(performance.now());
    this.labels?.cameraMoved();
    this.stars?.setCamera(plannerCameraOf(this.camera, this.plannerCamera));
    this.requestRender();
  }

  // Scene

  getCamera(): CameraPose {
    return this.camera.getPose();
  }

  setCamera(pose: CameraPose): void {
    // A pose with a part that is not finite would make every matrix NaN and the screen blank.
    if (!pose.position.every(Number.isFinite) || !pose.orientation.every(Number.isFinite)) return;
    this.wholeGalaxyAtFirstSize = false;
    this.endFlight();
    this.moveCamera(pose);
  }

  /** The listener is called after each move; it reads getCamera() where it wants the pose (a move builds none for it). */
  onCameraChange(listener: () => void): () => void {
    this.cameraListeners.add(listener);
    return () => this.cameraListeners.delete(listener);
  }

  cameraRestsAt(waitMs: number): number {
    return this.cameraRest.restsAt(waitMs);
  }

  sceneHalfSize(): number {
    return this.bounds.halfSize;
  }

  /** A pose outside the galaxy that shows it whole (for a URL without camera keys). */
  wholeGalaxyPose(): CameraPose {
    return wholeScenePose(this.bounds, this.camera.cssWidth / this.camera.cssHeight);
  }

  isCameraAnimating(): boolean {
    return this.flight !== undefined;
  }

  pick(clientX: number, clientY: number): number | undefined {
    const canvas = this.canvas;
    const stars = this.stars;
    if (!canvas || !stars) return undefined;
    const rect = canvas.getBoundingClientRect();
    return stars.nearestStar(this.camera.rayThrough(clientX - rect.left, clientY - rect.top), HIT_THRESHOLD);
  }

  setHovered(id: number | undefined): void {
    if (id === this.hovered) return;
    const previous = this.hovered;
    this.hovered = undefined;
    if (previous !== undefined) this.restyle(previous);
    if (id !== undefined && this.hasStar(id)) {
      this.hovered = id;
      this.restyle(id);
    }
    this.labels?.setHovered(this.hovered);
  }

  /** The selected star is always named. */
  setSelected(id: number | undefined): void {
    this.labels?.setSelected(id !== undefined && this.hasStar(id) ? id : undefined);
  }

  /**
   * Names the galaxy's constellations (docs/names.md#constellation-names): communities.json's levels,
   * centres in positions.bin's units drawn at `scale` as the stars are; undefined names none.
   */
  setConstellations(constellations: ConstellationLevels | undefined, scale: number): void {
    const now = this.constellationNaming;
    if (now ? now.levels === constellations && now.scale === scale : !constellations?.levels.length) return;
    this.constellationNaming = constellations && constellations.levels.length > 0 ? { levels: constellations, scale } : undefined;
    this.nameConstellations();
  }

  /** Constellations are measured against the galaxy's bounds: named again when those change. */
  private nameConstellations(): void {
    const named = this.constellationNaming;
    const { center, radius } = this.bounds;
    this.labels?.setConstellations(named && radius > 0 ? constellationTree(named.levels, named.scale, { centre: center, radius }) : undefined);
  }

  /** Constellation names drawn now, in CSS pixels of the canvas (tests read them). */
  namedConstellations(): readonly PlacedConstellation[] {
    return this.labels?.placedConstellations() ?? [];
  }

  /** Where the page's panels lie over the canvas (CSS px): names keep clear of them. */
  setNamesKeepClear(zones: readonly LabelBox[]): void {
    this.labels?.setKeepClear(zones);
  }

  /** Shows or hides star names (they fade out, then no frame is drawn for them). */
  setNamesVisible(visible: boolean): void {
    this.labels?.setVisible(visible);
  }

  /** Names drawn now, in CSS pixels of the canvas (the accessible list and the tests read them). */
  namedStars(): readonly PlacedLabel[] {
    return this.labels?.placedLabels() ?? [];
  }

  /** True when the names are done choosing, rasterising and fading (tests wait on it). */
  namesSettled(): boolean {
    return this.labels?.settled ?? true;
  }

  onNamedStarsChange(listener: (labels: readonly PlacedLabel[]) => void): () => void {
    return this.labels?.onPlacedChange(listener) ?? (() => {});
  }

  /** Times the stars shown have chosen what to draw for the camera (the planner's runs), for the main-thread bench. */
  plannerRuns(): number {
    return this.stars?.plans ?? 0;
  }

  /** Counted link upkeep of the stars shown (tiled galaxies), for the main-thread bench. */
  linkWorkStats(): LinkWork | undefined {
    return this.stars?.linkWork && { ...this.stars.linkWork };
  }

  /** The longest slices of label work so far (the benchmark reads them). */
  labelWorkStats(): LabelWorkStats | undefined {
    return this.labels?.stats;
  }

  /** New names rasterised per frame while the camera moves; Infinity holds none back (the benchmark measures both). */
  setNamesRasterPerMovingFrame(names: number): void {
    if (this.labels) this.labels.rasterPerMovingFrame = names;
  }

  setHighlighted(ids: ArrayLike<number>, color: number): void {
    const slots: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (!this.hasStar(id)) continue;
      this.highlighted.set(id, color >>> 0);
      this.labels?.setHighlighted(id, color >>> 0);
      this.restyleQuietly(id, slots);
    }
    this.starAttributes?.styled(slotRuns(slots));
    this.labels?.highlightsChanged();
  }

  clearHighlighted(): void {
    const ids = [...this.highlighted.keys()];
    this.highlighted.clear();
    const slots: number[] = [];
    for (const id of ids) {
      this.labels?.setHighlighted(id, undefined);
      this.restyleQuietly(id, slots);
    }
    this.starAttributes?.styled(slotRuns(slots));
    this.labels?.highlightsChanged();
  }

  /**
   * The galaxy's constellations and whether the stars take their colours (`C`, the address's `c`):
   * every drawn colour is written again (hover and highlights kept over it).
   */
  setConstellationColours(constellations: Constellations | undefined, colourByCommunity: boolean): void {
    if (constellations === this.constellations && colourByCommunity === this.colourByCommunity) return;
    if (constellations !== this.constellations) {
      this.constellations = constellations;
      this.constellationMembers = this.membersOf(this.highlightedConstellation);
    }
    this.colourByCommunity = colourByCommunity;
    this.communityColours = finestCommunityColours(constellations, colourByCommunity);
    this.restyleAll();
  }

  /** Stars are drawn in their constellations' colours now: both the colours and the stars' communities are in (tests wait on it). */
  get coloursByConstellation(): boolean {
    return this.communityColours !== undefined && this.stars?.communities !== undefined;
  }

  /** The stars of one constellation stand out, enlarged, the others dimmed; undefined clears it. */
  highlightConstellation(constellation: ConstellationRef | undefined): void {
    const current = this.highlightedConstellation;
    if (current?.level === constellation?.level && current?.id === constellation?.id) return;
    this.highlightedConstellation = constellation && { level: constellation.level, id: constellation.id };
    this.constellationMembers = this.membersOf(this.highlightedConstellation);
    this.restyleAll();
  }

  private membersOf(constellation: ConstellationRef | undefined): Uint8Array | undefined {
    return constellation && this.constellations ? constellationMembers(this.constellations, constellation) : undefined;
  }

  private styledByConstellation(): boolean {
    return this.communityColours !== undefined || this.constellationMembers !== undefined;
  }

  /** The colour a star in this slot has before hover and highlights: its constellation's, dimmed outside a highlighted one. */
  private baseColourOfSlot(stars: StarSource, slot: number): number {
    const community = stars.communities?.[slot];
    const colour = baseStarColour(this.communityColours, community);
    const members = this.constellationMembers;
    if (!members) return colour;
    return community !== undefined && members[community] === 1 ? colour : dimmed(colour, OUTSIDE_HIGHLIGHT_DIMMING);
  }

  private sizeFactorOfSlot(stars: StarSource, slot: number): number {
    const members = this.constellationMembers;
    const community = stars.communities?.[slot];
    return members && community !== undefined && members[community] === 1 ? HIGHLIGHTED_CONSTELLATION_SIZE_FACTOR : 1;
  }

  /**
   * Links take their stars' colours while the stars are coloured by constellation (so a link inside
   * one is its colour, one between two blends them), else their colours from positions.
   */
  private showLinkColours(): void {
    this.renderer?.setLinkColours(this.coloursByConstellation ? 'stars' : 'positions');
  }

  /** Every slot's drawn colour and size again, from the colour rule, hover and highlights; written to the renderer at once. */
  private restyleAll(): void {
    this.showLinkColours();
    const { stars, starAttributes } = this;
    if (!stars || !starAttributes || starAttributes.count === 0) return;
    const count = starAttributes.count;
    for (let slot = 0; slot < count; slot++) {
      const star = stars.sizes[slot] === 0 ? -1 : stars.starOfSlot(slot);
      if (star >= 0) this.styleSlot(slot, star);
      else {
        starAttributes.storeColor(slot, 0xffffffff);
        starAttributes.sizes[slot] = stars.sizes[slot];
      }
    }
    this.renderer?.updateStarColors(starAttributes.colorBytes, 0, count);
    this.renderer?.updateStarSizes(starAttributes.sizes, 0, count);
    this.requestRender();
  }

  /** A star that is not resident (a tiled galaxy's star whose tile is not loaded) is located first. */
  flyTo(id: number, options: { distance?: number } = {}): Promise<void> {
    const target = this.drawnStarPosition(id);
    if (target) return this.flyToPoint(target, options.distance ?? DEFAULT_FLY_DISTANCE);
    const stars = this.stars;
    if (!stars || !this.hasStar(id)) return Promise.resolve();
    this.endFlight();
    const locating = new AbortController();
    this.locating = locating;
    return stars.locate(id, locating.signal).then(
      (point) => {
        if (point && !locating.signal.aborted && this.stars === stars) return this.flyToPoint(point, options.distance ?? DEFAULT_FLY_DISTANCE);
      },
      (error: unknown) => {
        if (!locating.signal.aborted) console.warn(`Could not locate star ${id} to fly to it.`, error);
      },
    );
  }

  flyToPoint(target: ArrayLike<number>, distance: number): Promise<void> {
    const from = this.camera.getPose();
    const toStar = vec3.sub(vec3.create(), [target[0], target[1], target[2]], from.position);
    if (vec3.length(toStar) < 1e-6) vec3.copy(toStar, this.camera.forward());
    vec3.normalize(toStar, toStar);
    const position = vec3.scaleAndAdd(vec3.create(), [target[0], target[1], target[2]], toStar, -distance);
    const to: CameraPose = {
      position: [position[0], position[1], position[2]],
      orientation: lookAtOrientation(position, target),
    };
    this.endFlight();
    return new Promise((resolve) => {
      this.flight = { from, to, started: performance.now(), resolve };
      this.requestRender();
    });
  }

  /**
   * World position of a resident star of a galaxy whose names are in (undefined while a galaxy
   * streams in without them: tests and the benchmark wait on it for a galaxy to be open).
   */
  starPosition(id: number): [number, number, number] | undefined {
    return this.names ? this.drawnStarPosition(id) : undefined;
  }

  /** World position of a resident star (positions already multiplied by the scale). */
  private drawnStarPosition(id: number): [number, number, number] | undefined {
    const stars = this.stars;
    if (!stars || !this.hasStar(id)) return undefined;
    const slot = stars.slotOfStar(id);
    const p = stars.positions;
    if (slot < 0 || slot * 3 >= p.length) return undefined;
    return [p[slot * 3], p[slot * 3 + 1], p[slot * 3 + 2]];
  }

  /** Whether an id names a star of the galaxy drawn now (resident or not). */
  private hasStar(id: number): boolean {
    return Number.isInteger(id) && id >= 0 && id < (this.stars?.starCount ?? 0);
  }

  /** Number of the first resident star whose name (already in) is this label, or -1 (tests read it). */
  findStar(label: string): number {
    const { stars, names } = this;
    if (!stars || !names) return -1;
    for (let star = 0; star < stars.starCount; star++) if (stars.slotOfStar(star) >= 0 && names.labelOf(star) === label) return star;
    return -1;
  }

  projectToClient(id: number): { x: number; y: number } | undefined {
    const canvas = this.canvas;
    const star = this.drawnStarPosition(id);
    if (!canvas || !star) return undefined;
    const [x, y, z] = star;
    const point = this.camera.project(x, y, z);
    if (!point) return undefined;
    const rect = canvas.getBoundingClientRect();
    return { x: point.x + rect.left, y: point.y + rect.top };
  }

  /** Loses the GPU device or context as a driver reset would (for tests of the recovery). */
  simulateDeviceLoss(): void {
    this.renderer?.simulateLoss();
  }

  /**
   * Runs `run` in the page's next frame, before the frame is drawn (a run of the frame queue, as the
   * controls' tick is): a camera moved there is drawn in that frame. The benches fly the camera so.
   */
  atNextFrame(run: (now: number) => void): void {
    frameQueue.add(run);
  }

  /**
   * Draws in the page's next frame, after what waits on it (src/timing/frameQueue.ts, `addDraw`):
   * the page asks one animation frame for both. Nothing is drawn without animation frames (Node).
   */
  requestRender(): void {
    if (typeof requestAnimationFrame === 'undefined' || frameQueue.has(this.drawFrame)) return;
    frameQueue.addDraw(this.drawFrame);
  }

  dispose(): void {
    frameQueue.remove(this.drawFrame);
    this.stopVisibility();
    this.starBudget.setSource(undefined);
    this.stopStars?.();
    this.stopNames?.();
    this.stars = undefined;
    this.endFlight();
    this.cameraListeners.clear();
    this.labels?.dispose();
    this.renderer?.dispose();
    this.renderer = undefined;
  }

  // internals

  private drawFrame = (now: number) => {
    const flight = this.flight;
    if (flight) {
      const { pose, done } = poseAt(flight.from, flight.to, now - flight.started);
      this.moveCamera(pose);
      if (done) this.endFlight();
      else this.requestRender();
    }
    if (!this.renderer) return;
    if (this.labels && this.renderer.setLabels) {
      const { labels, animating } = this.labels.frame(now);
      this.renderer.setLabels(labels);
      if (animating) this.requestRender();
    }
    this.renderer.render(this.camera);
    this.framesDrawn++;
    const stars = this.stars?.drawnStars ?? 0;
    // Written only when it changed, and compared with what was written, not read back: an attribute write is a DOM mutation, a read a DOM call, every frame.
    if (stars !== this.shownStars) {
      this.shownStars = stars;
      this.renderer.canvas.dataset.stars = String(stars);
    }
    if (stars > 0) this.firstStarFrameAt ??= performance.now();
    const gpuTimes = this.renderer.gpuFrameTimes?.();
    if (gpuTimes) this.starBudget.gpuFrame(now, gpuTimes, this.cameraMovedSinceFrame, stars);
    else this.starBudget.frame(now, frameQueue.frameAskedAt, this.cameraMovedSinceFrame, stars);
    this.cameraMovedSinceFrame = false;
    this.showBudget();
  };

  /** data-star-budget on the canvas, for tests, written when it changed. */
  private showBudget(): void {
    const budget = this.starBudget.stars;
    if (budget === this.shownBudget || !this.renderer) return;
    this.shownBudget = budget;
    if (budget === undefined) delete this.renderer.canvas.dataset.starBudget;
    else this.renderer.canvas.dataset.starBudget = String(budget);
  }

  private moveCamera(pose: CameraPose): void {
    const { position, orientation } = this.camera;
    const before = this.poseBefore;
    before.set(position);
    before.set(orientation, 3);
    this.camera.setPose(pose);
    if (samePose(before, position, orientation)) return;
    this.cameraMovedSinceFrame = true;
    this.cameraRest.moved(performance.now());
    this.labels?.cameraMoved();
    this.stars?.setCamera(plannerCameraOf(this.camera, this.plannerCamera));
    this.requestRender();
    for (const listener of this.cameraListeners) listener();
  }

  /** Ends a flight, or a fly-to still waiting for its star's tile. */
  private endFlight(): void {
    this.locating?.abort();
    this.locating = undefined;
    const flight = this.flight;
    this.flight = undefined;
    flight?.resolve();
  }

  /** Draws a star hovered, highlighted or plain, as its state says (only while it is resident). */
  private restyle(id: number): void {
    const { starAttributes, stars } = this;
    const slot = stars ? stars.slotOfStar(id) : -1;
    if (!starAttributes || !stars || slot < 0) return;
    const { color, size } = this.styleOf(id, stars, slot);
    starAttributes.setColor(slot, color);
    starAttributes.setSize(slot, size);
  }

  /**
   * The same, without writing it to the renderer yet: its slot joins `slots`, which the caller
   * writes as ranges (slotRuns), so that styling many stars at once is a few writes, not two a star.
   */
  private restyleQuietly(id: number, slots: number[]): void {
    const slot = this.stars ? this.stars.slotOfStar(id) : -1;
    if (slot < 0) return;
    this.styleSlot(slot, id);
    slots.push(slot);
  }

  /** The same as restyle, into the drawn colours and sizes without writing them to the renderer. */
  private styleSlot(slot: number, id: number): void {
    const { starAttributes, stars } = this;
    if (!starAttributes || !stars) return;
    const { color, size } = this.styleOf(id, stars, slot);
    starAttributes.storeColor(slot, color);
    starAttributes.sizes[slot] = size;
  }

  /** Hover over a highlight over the colour rule's base colour; sizes as the constellation highlight and hover say. */
  private styleOf(id: number, stars: StarSource, slot: number): { color: number; size: number } {
    const hovered = id === this.hovered;
    const styled = this.styledByConstellation();
    const baseSize = styled ? stars.sizes[slot] * this.sizeFactorOfSlot(stars, slot) : stars.sizes[slot];
    return {
      color: hovered ? HOVER_COLOR : (this.highlighted.get(id) ?? (styled ? this.baseColourOfSlot(stars, slot) : DEFAULT_STAR_COLOR)),
      size: hovered ? baseSize * HOVER_SIZE_FACTOR : baseSize,
    };
  }

  private uploadStars(): void {
    if (!this.renderer) return;
    const { starAttributes, stars } = this;
    if (starAttributes && stars) {
      this.renderer.setStars(stars.positions, starAttributes.colorBytes, starAttributes.sizes, stars.drawnCells());
      if (stars.footprints) this.renderer.updateStarFootprints(stars.footprints, 0, stars.footprints.length);
    } else this.renderer.setStars(new Float32Array(0), new Uint8Array(0), new Float32Array(0), NO_CELLS);
    this.requestRender();
  }

  private updateLinks(): void {
    // Asked on every change, links shown or not, so that the stars know the settings.
    const { stars } = this;
    const pairs = stars?.linkPairs({ ...this.links });
    this.linkPairs = this.links.showLinks ? pairs : undefined;
    const change = stars?.linkPairsChange;
    const drawn = this.linksDrawn;
    if (this.renderer?.writeLinks && stars && change && change.pairs === this.linkPairs && drawn?.stars === stars && change.version <= drawn.version + 1) {
      // The renderer holds the version before (or this one): only what changed since is written.
      if (change.version === drawn.version + 1) this.renderer.writeLinks(change.pairs, change.changed);
      this.linksDrawn = { stars, version: change.version };
      this.renderer.canvas.dataset.links = String(change.pairs.length / 2);
    } else this.drawLinks();
    this.requestRender();
  }

  /** Hands the link pairs to the renderer; the canvas says how many it draws (`data-links`, for tests). */
  private drawLinks(): void {
    this.linksDrawn = undefined;
    if (!this.renderer) return;
    this.renderer.setLinks(this.linkPairs);
    this.renderer.canvas.dataset.links = String((this.linkPairs?.length ?? 0) / 2);
    const change = this.stars?.linkPairsChange;
    if (this.stars && change && change.pairs === this.linkPairs) this.linksDrawn = { stars: this.stars, version: change.version };
  }
}

function createStarLabels(camera: Camera, cameraRest: LabelCameraRest, requestFrame: () => void): StarLabels | undefined {
  if (typeof document === 'undefined') return undefined;
  const family = getComputedStyle(document.documentElement).fontFamily || 'sans-serif';
  const worker = { start: startNamesWorker, rasterFontFamily: workerCanRasterize() ? family : undefined };
  return new StarLabels(new LabelAtlas(canvasRasterizer(family)), camera, cameraRest, requestFrame, worker);
}

/** Calls back when the page is hidden or shown again (never in Node). */
function onVisibilityChange(listener: () => void): () => void {
  if (typeof document === 'undefined') return () => {};
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Whether the camera's position and orientation are still the seven numbers `before` holds. */
function samePose(before: Float64Array, position: ArrayLike<number>, orientation: ArrayLike<number>): boolean {
  for (let i = 0; i < 3; i++) if (before[i] !== position[i]) return false;
  for (let i = 0; i < 4; i++) if (before[3 + i] !== orientation[i]) return false;
  return true;
}
