import { vec3 } from 'gl-matrix';
import { maxDegree, type Graph } from '../data/graph';
import type { StreamedGalaxy } from '../data/streamedGalaxy';
import { canvasRasterizer, LabelAtlas } from '../labels/labelAtlas';
import { startRasterWorker } from '../labels/rasterProtocol';
import { classicLabelStars, type LabelCameraRest, type PlacedLabel, StarLabels, type LabelWorkStats } from '../labels/starLabels';
import { tiledLabelStars, type StarNames } from '../labels/tiledLabelStars';
import { CameraRest } from './cameraRest';
import { buildOctreeOffThread } from '../picking/buildOctreeOffThread';
import { createHitTest, HIT_THRESHOLD, type HitTest } from '../picking/hitTest';
import { nearestInCells } from '../picking/nearestInCells';
import { boundsOf, boundsOfBox, Camera, lookAtOrientation, wholeScenePose, type SceneBounds } from '../renderer/camera';
import { visibleLinkIndices } from '../renderer/linkIndices';
import { DEFAULT_STAR_COLOR, DEFAULT_STAR_SIZE, StarAttributes } from '../renderer/starAttributes';
import { HOVER_COLOR, HOVER_SIZE_FACTOR, starSizes } from '../renderer/starStyle';
import type { Renderer } from '../renderer/types';
import type { SlotRange, TiledStars, TiledStarsChange } from '../stars/tiledStars';
import { FLY_TO_DISTANCE, poseAt } from './cameraAnimation';
import type { Backend, CameraPose, Scene } from './scene';
import { plannerCameraOf } from './plannerCamera';

export interface LinkSettings {
  showLinks: boolean;
  maxVisibleDistance: number;
  scale: number;
}

/** The links the scene sizes stars by and draws. */
interface SceneAdjacency {
  inOffsets: Uint32Array;
  outOffsets: Uint32Array;
  outTargets: Uint32Array;
}

/** What the scene draws: a classic galaxy, whole or still streaming in, or a tiled galaxy's stars (and names). */
export interface ShownGalaxy {
  graph?: Graph;
  streamed?: StreamedGalaxy;
  tiled?: TiledStars;
  tiledNames?: StarNames;
}

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

/** A tiled galaxy's stars in the scene, and how to stop listening to them and to their names. */
interface TiledSceneStars {
  stars: TiledStars;
  stopListening: () => void;
}

/**
 * The drawn galaxy: stars, links, camera, hover and highlight over one Renderer, drawn on
 * demand. The renderer can be swapped (a lost device) without losing the camera or the graph.
 *
 * A classic galaxy (setGalaxy) is drawn whole, ids being node ids. A tiled galaxy (setTiledStars)
 * streams: its stars sit in a pool of slots that the renderer draws through the planner's cells;
 * every id the UI passes in or gets back is a star number, and slots stay inside the scene.
 */
export class GalaxyScene implements Scene {
  readonly camera = new Camera();
  /** When the camera rests, for the star names and the list of named stars (each with its own wait). */
  private readonly cameraRest = new CameraRest();
  private renderer: Renderer | undefined;
  private graph: Graph | undefined;
  private tiled: TiledSceneStars | undefined;
  /** A fly-to waiting for its star's tile (tiled galaxies). */
  private locating: AbortController | undefined;
  private positions: Float32Array | undefined;
  private adjacency: SceneAdjacency | undefined;
  private starAttributes: StarAttributes | undefined;
  private baseSizes: Float32Array | undefined;
  private hitTest: HitTest | undefined;
  private indexReady = false;
  private indexBuild: AbortController | undefined;
  /** The graph whose stars are named (undefined while stars stream in without labels, and for a tiled galaxy). */
  private namedGraph: Graph | undefined;
  private bounds: SceneBounds = { center: [0, 0, 0], radius: 0, halfSize: 0 };
  private links: LinkSettings = { showLinks: false, maxVisibleDistance: 150, scale: 1.75 };
  private linkPairs: Uint32Array | undefined;
  /** By id: a node id, or a tiled galaxy's star number, re-applied when its star's slot is written. */
  private hovered: number | undefined;
  private highlighted = new Map<number, number>();
  private cameraListeners = new Set<(pose: CameraPose) => void>();
  private flight: Flight | undefined;
  private frameRequest = 0;
  /** Frames drawn so far (shown to tests as data-frames on the canvas). */
  framesDrawn = 0;
  /** performance.now() when the first frame with stars in it had been submitted (for the benchmark). */
  firstStarFrameAt: number | undefined;
  /** Star names drawn in the scene (absent where there is no 2D canvas to draw text with, as in Node). */
  private readonly labels: StarLabels | undefined;
  /** Whether the scene has been given a size: the whole-galaxy view depends on its aspect. */
  private sized = false;
  /** The whole-galaxy view was asked for before the scene had a size: taken again at the first resize. */
  private wholeGalaxyAtFirstSize = false;

  /** `makeLabels` builds the names' engine over the scene's camera (tests give one with a text rasterizer of their own). */
  constructor(makeLabels: (camera: Camera, cameraRest: LabelCameraRest, requestFrame: () => void) => StarLabels | undefined = createStarLabels) {
    this.labels = makeLabels(this.camera, this.cameraRest, () => this.requestRender());
  }

  get backend(): Backend {
    return this.renderer?.backend ?? 'webgl2';
  }

  /** The renderer draws on a CPU rasteriser (tests and benchmarks read it; the star budget asked the same of the device). */
  get softwareRasteriser(): boolean | undefined {
    return this.renderer?.softwareRasteriser;
  }

  /** True once the worker has built the spatial index for the current graph (until then picking scans every star). */
  get spatialIndexReady(): boolean {
    return this.indexReady;
  }

  get canvas(): HTMLCanvasElement | undefined {
    return this.renderer?.canvas;
  }

  /** Takes a (new) renderer and uploads everything it needs to draw the current state. */
  attachRenderer(renderer: Renderer): void {
    this.renderer = renderer;
    renderer.canvas.dataset.backend = renderer.backend;
    this.uploadStars();
    renderer.setLinks(this.linkPairs);
    this.requestRender();
  }

  detachRenderer(): Renderer | undefined {
    const renderer = this.renderer;
    this.renderer = undefined;
    return renderer;
  }

  /**
   * Shows a galaxy, or nothing when `galaxy` holds none. `start`, given with a galaxy's first stars,
   * places the camera in the same step, so that no one has to wait for the stars to be in before
   * placing it (docs/rules.md#url).
   */
  show(galaxy: ShownGalaxy, start?: CameraStart): void {
    if (galaxy.tiled) {
      this.setTiledStars(galaxy.tiled, galaxy.tiledNames);
    } else {
      if (!galaxy.graph && !galaxy.streamed) this.setTiledStars(undefined);
      this.setGalaxy(galaxy.graph, galaxy.streamed);
    }
    if (start === 'whole-galaxy') {
      this.setCamera(this.wholeGalaxyPose());
      this.wholeGalaxyAtFirstSize = !this.sized;
    } else if (start) {
      this.setCamera(start);
    }
  }

  setGraph(graph: Graph | undefined): void {
    this.setGalaxy(graph, undefined);
  }

  /**
   * Draws the whole graph, or, while it downloads, what has arrived of it: stars at the star
   * default size as soon as their positions are in, sized by the node size rule and linked once
   * the links are (with the whole graph, or earlier when a source has them). Stars already
   * uploaded stay when only the rest of the graph has arrived.
   */
  setGalaxy(graph: Graph | undefined, streamed: StreamedGalaxy | undefined): void {
    if ((graph || streamed) && this.tiled) this.setTiledStars(undefined);
    const positions = graph?.data.positions ?? streamed?.positions;
    const adjacency = graph ? graph.data : streamed?.adjacency;
    if (graph === this.graph && positions === this.positions && adjacency?.inOffsets === this.adjacency?.inOffsets) return;
    this.graph = graph;
    if (positions !== this.positions) this.setStars(positions);
    if (adjacency?.inOffsets !== this.adjacency?.inOffsets || !this.baseSizes) this.setAdjacency(adjacency, graph?.maxInDegree);
    if (graph && positions && !this.indexBuild) this.buildIndex(positions);
    this.nameStars(graph);
  }

  /** Names need labels and the stars' final sizes: they are drawn once the whole graph is in. */
  private nameStars(graph: Graph | undefined): void {
    const starAttributes = this.starAttributes;
    const named = graph && starAttributes ? graph : undefined;
    if (named === this.namedGraph) return;
    this.namedGraph = named;
    this.labels?.setStars(named && starAttributes ? classicLabelStars(named.data.positions, starAttributes.sizes, (id) => named.label(id)) : undefined);
  }

  /**
   * The spatial index is built once the whole graph is in: while links and labels still decode,
   * its build would compete with them for the same cores, and picking scans every star meanwhile.
   */
  private buildIndex(positions: Float32Array): void {
    const build = new AbortController();
    this.indexBuild = build;
    buildOctreeOffThread(positions, build.signal).then(
      (tree) => {
        if (build.signal.aborted) return;
        this.hitTest?.setIndex(tree);
        this.indexReady = true;
      },
      (error: unknown) => {
        if (!build.signal.aborted) console.warn('Spatial index not built; picking checks every star instead.', error);
      },
    );
  }

  /** Stars drawn and stars in the galaxy: the same for a classic galaxy once its positions are in. */
  get starCounts(): { drawn: number; total: number } {
    const tiled = this.tiled?.stars;
    if (tiled) return { drawn: tiled.drawnStars, total: tiled.totalStars };
    const count = this.starAttributes?.count ?? 0;
    return { drawn: count, total: count };
  }

  private setStars(positions: Float32Array | undefined): void {
    this.forgetStars();
    this.positions = positions;
    if (positions) {
      const starAttributes = new StarAttributes(positions);
      this.watch(starAttributes);
      this.hitTest = createHitTest(starAttributes);
      this.bounds = boundsOf(positions);
    }
    this.camera.setScene(this.bounds);
    this.uploadStars();
  }

  /** Drops the stars drawn now, with everything derived from them. */
  private forgetStars(): void {
    this.positions = undefined;
    this.hovered = undefined;
    this.highlighted.clear();
    this.indexBuild?.abort();
    this.indexBuild = undefined;
    this.starAttributes = undefined;
    this.hitTest = undefined;
    this.indexReady = false;
    this.baseSizes = undefined;
    this.adjacency = undefined;
    this.bounds = { center: [0, 0, 0], radius: 0, halfSize: 0 };
  }

  /** The drawn colours and sizes: each change is written to the renderer (only the stars changed). */
  private watch(starAttributes: StarAttributes): void {
    starAttributes.onChange((change) => {
      if (!this.renderer) return;
      if (change.kind === 'colors') this.renderer.updateStarColors(starAttributes.colorBytes, change.range.start, change.range.count);
      else if (change.kind === 'sizes') this.renderer.updateStarSizes(starAttributes.sizes, change.range.start, change.range.count);
      this.requestRender();
    });
    this.starAttributes = starAttributes;
  }

  /**
   * Draws a tiled galaxy as it streams (undefined draws nothing), in place of any classic one. The
   * drawn colours and sizes are kept per slot; the camera's bounds are the whole galaxy's, and each
   * camera move or resize is handed to the stars' planner. Names are drawn when `names` gives them
   * (the tiled galaxy's catalog), each once its label shard is in.
   */
  setTiledStars(stars: TiledStars | undefined, names?: StarNames): void {
    if (stars === this.tiled?.stars) return;
    this.tiled?.stopListening();
    this.tiled = undefined;
    this.locating?.abort();
    if (!stars) {
      this.labels?.setStars(undefined);
      this.setStars(undefined);
      this.updateLinks();
      return;
    }
    this.graph = undefined;
    this.nameStars(undefined);
    this.forgetStars();
    const starAttributes = new StarAttributes(stars.positions);
    starAttributes.sizes.set(stars.sizes);
    this.watch(starAttributes);
    this.baseSizes = stars.sizes;
    this.indexReady = true; // picking tests the drawn cells' boxes, no index to wait for
    const stopStars = stars.onChange((change) => this.tiledStarsChanged(change));
    const stopNames = names?.onChange(() => this.labels?.namesArrived());
    this.tiled = {
      stars,
      stopListening: () => {
        stopStars();
        stopNames?.();
      },
    };
    this.bounds = boundsOfBox(stars.bounds.min, stars.bounds.max);
    this.camera.setScene(this.bounds);
    this.uploadStars();
    this.updateLinks();
    this.labels?.setStars(names ? tiledLabelStars(stars, starAttributes.sizes, names) : undefined);
    stars.setCamera(plannerCameraOf(this.camera));
  }

  private tiledStarsChanged(change: TiledStarsChange): void {
    const tiled = this.tiled;
    if (!tiled) return;
    for (const range of change.written) this.slotsWritten(tiled.stars, range);
    this.labels?.slotsWritten(change.written);
    if (change.drawnChanged) {
      this.renderer?.setStarCells(tiled.stars.drawnCells());
      this.labels?.drawnChanged();
    }
    if (change.linksChanged) this.updateLinks();
    this.requestRender();
  }

  /**
   * Slots that now hold other stars (or none): their drawn colour and size start from the stars'
   * own, the hovered and highlighted stars among them are styled again, and the range is written
   * to the renderer at once.
   */
  private slotsWritten(stars: TiledStars, { start, count }: SlotRange): void {
    const starAttributes = this.starAttributes;
    if (!starAttributes || count <= 0 || start < 0 || start + count > starAttributes.count) return;
    starAttributes.colorBytes.fill(255, start * 4, (start + count) * 4);
    starAttributes.sizes.set(stars.sizes.subarray(start, start + count), start);
    if (this.hovered !== undefined || this.highlighted.size > 0) {
      for (let slot = start; slot < start + count; slot++) {
        const star = stars.starOfSlot(slot);
        if (star >= 0 && (star === this.hovered || this.highlighted.has(star))) this.styleSlot(slot, star);
      }
    }
    this.renderer?.updateStars(start, count, stars.positions, starAttributes.colorBytes, starAttributes.sizes);
  }

  /** Sizes by the node size rule once links are known (the star default until then), and the links. */
  private setAdjacency(adjacency: SceneAdjacency | undefined, maxInDegree?: number): void {
    const starAttributes = this.starAttributes;
    this.adjacency = starAttributes ? adjacency : undefined;
    if (starAttributes) {
      this.baseSizes = adjacency
        ? starSizes(adjacency.inOffsets, maxInDegree ?? maxDegree(adjacency.inOffsets))
        : new Float32Array(starAttributes.count).fill(DEFAULT_STAR_SIZE);
      starAttributes.replaceSizes(this.baseSizes.slice());
      if (this.hovered !== undefined) this.restyle(this.hovered);
    }
    this.updateLinks();
  }

  /**
   * New places for the same stars, as a layout running in the browser settles: colours, sizes,
   * hover and highlights stay; bounds, the picking index and the visible links follow.
   */
  moveStars(positions: Float32Array): void {
    const graph = this.graph;
    if (!graph || positions.length !== graph.data.positions.length) return;
    graph.data.positions.set(positions);
    this.bounds = boundsOf(graph.data.positions);
    this.camera.setScene(this.bounds);
    this.indexBuild?.abort();
    this.hitTest?.setIndex(undefined);
    this.indexReady = false;
    this.buildIndex(graph.data.positions);
    this.uploadStars();
    this.updateLinks();
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
    this.tiled?.stars.setCamera(plannerCameraOf(this.camera));
    this.requestRender();
  }

  // Scene

  getCamera(): CameraPose {
    return this.camera.getPose();
  }

  setCamera(pose: CameraPose): void {
    // A pose with a part that is not finite would make every matrix NaN and the screen blank.
    if (![...pose.position, ...pose.orientation].every(Number.isFinite)) return;
    this.wholeGalaxyAtFirstSize = false;
    this.endFlight();
    this.moveCamera(pose);
  }

  onCameraChange(listener: (pose: CameraPose) => void): () => void {
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
    const tiled = this.tiled?.stars;
    if (!canvas || (!this.hitTest && !tiled)) return undefined;
    const rect = canvas.getBoundingClientRect();
    const ray = this.camera.rayThrough(clientX - rect.left, clientY - rect.top);
    if (!tiled) return this.hitTest?.pick(ray);
    const slot = nearestInCells(tiled.drawnCells(), tiled.positions, ray, HIT_THRESHOLD);
    const star = slot === undefined ? -1 : tiled.starOfSlot(slot);
    return star >= 0 ? star : undefined;
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
    const known = id !== undefined && (this.tiled ? this.hasStar(id) : this.graph?.has(id));
    this.labels?.setSelected(known ? id : undefined);
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

  /** The longest slices of label work so far (the benchmark reads them). */
  labelWorkStats(): LabelWorkStats | undefined {
    return this.labels?.stats;
  }

  /** New names rasterised per frame while the camera moves; Infinity holds none back (the benchmark measures both). */
  setNamesRasterPerMovingFrame(names: number): void {
    if (this.labels) this.labels.rasterPerMovingFrame = names;
  }

  setHighlighted(ids: ArrayLike<number>, color: number): void {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (!this.hasStar(id)) continue;
      this.highlighted.set(id, color >>> 0);
      this.labels?.setHighlighted(id, color >>> 0);
      this.restyle(id);
    }
    this.labels?.highlightsChanged();
  }

  clearHighlighted(): void {
    const ids = [...this.highlighted.keys()];
    this.highlighted.clear();
    for (const id of ids) {
      this.labels?.setHighlighted(id, undefined);
      this.restyle(id);
    }
    this.labels?.highlightsChanged();
  }

  /** For a tiled galaxy, a star whose tile is not loaded is located first (fetching its tile). */
  flyTo(id: number, options: { distance?: number } = {}): Promise<void> {
    const target = this.drawnStarPosition(id);
    if (target) return this.flyToPoint(target, options.distance ?? DEFAULT_FLY_DISTANCE);
    const stars = this.tiled?.stars;
    if (!stars || !this.hasStar(id)) return Promise.resolve();
    this.endFlight();
    const locating = new AbortController();
    this.locating = locating;
    return stars.locate(id, locating.signal).then(
      (point) => {
        if (point && !locating.signal.aborted && this.tiled?.stars === stars) return this.flyToPoint(point, options.distance ?? DEFAULT_FLY_DISTANCE);
      },
      (error: unknown) => {
        if (!locating.signal.aborted) console.warn(`Could not locate star ${id} to fly to it.`, error);
      },
    );
  }

  private flyToPoint(target: ArrayLike<number>, distance: number): Promise<void> {
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
   * World position of a star of the whole graph (undefined while the graph still streams), or of a
   * tiled galaxy's star whose tile is loaded.
   */
  starPosition(id: number): [number, number, number] | undefined {
    return this.graph || this.tiled ? this.drawnStarPosition(id) : undefined;
  }

  /** World position of a drawn star (positions already multiplied by the scale). */
  private drawnStarPosition(id: number): [number, number, number] | undefined {
    const tiled = this.tiled?.stars;
    const p = tiled ? tiled.positions : this.positions;
    if (!p || !this.hasStar(id)) return undefined;
    const slot = tiled ? tiled.slotOfStar(id) : id;
    if (slot < 0 || slot * 3 >= p.length) return undefined;
    return [p[slot * 3], p[slot * 3 + 1], p[slot * 3 + 2]];
  }

  /** Whether an id names a star of the galaxy drawn now (for a tiled galaxy, loaded or not). */
  private hasStar(id: number): boolean {
    const count = this.tiled ? this.tiled.stars.totalStars : (this.starAttributes?.count ?? 0);
    return Number.isInteger(id) && id >= 0 && id < count;
  }

  /** Id of the first star with this label, or -1. */
  findStar(label: string): number {
    return this.graph?.findByName(label) ?? -1;
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

  requestRender(): void {
    if (this.frameRequest || typeof requestAnimationFrame === 'undefined') return;
    this.frameRequest = requestAnimationFrame(this.drawFrame);
  }

  dispose(): void {
    if (this.frameRequest) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    this.indexBuild?.abort();
    this.tiled?.stopListening();
    this.tiled = undefined;
    this.endFlight();
    this.cameraListeners.clear();
    this.labels?.dispose();
    this.renderer?.dispose();
    this.renderer = undefined;
  }

  // internals

  private drawFrame = (now: number) => {
    this.frameRequest = 0;
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
    this.renderer.canvas.dataset.frames = String(this.framesDrawn);
    const stars = this.starCounts.drawn;
    this.renderer.canvas.dataset.stars = String(stars);
    if (stars > 0) this.firstStarFrameAt ??= performance.now();
  };

  private moveCamera(pose: CameraPose): void {
    const before = this.camera.getPose();
    this.camera.setPose(pose);
    const after = this.camera.getPose();
    if (samePose(before, after)) return;
    this.cameraRest.moved(performance.now());
    this.labels?.cameraMoved();
    this.tiled?.stars.setCamera(plannerCameraOf(this.camera));
    this.requestRender();
    for (const listener of this.cameraListeners) listener(after);
  }

  /** Ends a flight, or a fly-to still waiting for its star's tile. */
  private endFlight(): void {
    this.locating?.abort();
    this.locating = undefined;
    const flight = this.flight;
    this.flight = undefined;
    flight?.resolve();
  }

  /** Draws a star hovered, highlighted or plain, as its state says (a tiled galaxy's star only while its tile is loaded). */
  private restyle(id: number): void {
    const starAttributes = this.starAttributes;
    const slot = this.tiled ? this.tiled.stars.slotOfStar(id) : id;
    if (!starAttributes || !this.baseSizes || slot < 0) return;
    const { color, size } = this.styleOf(id, this.baseSizes[slot]);
    starAttributes.setColor(slot, color);
    starAttributes.setSize(slot, size);
  }

  /** The same as restyle, into the drawn colours and sizes without writing them to the renderer. */
  private styleSlot(slot: number, id: number): void {
    const starAttributes = this.starAttributes;
    if (!starAttributes || !this.baseSizes) return;
    const { color, size } = this.styleOf(id, this.baseSizes[slot]);
    starAttributes.storeColor(slot, color);
    starAttributes.sizes[slot] = size;
  }

  private styleOf(id: number, baseSize: number): { color: number; size: number } {
    const hovered = id === this.hovered;
    return {
      color: hovered ? HOVER_COLOR : (this.highlighted.get(id) ?? DEFAULT_STAR_COLOR),
      size: hovered ? baseSize * HOVER_SIZE_FACTOR : baseSize,
    };
  }

  private uploadStars(): void {
    if (!this.renderer) return;
    const p = this.starAttributes;
    const tiled = this.tiled?.stars;
    if (p && tiled) this.renderer.setStars(tiled.positions, p.colorBytes, p.sizes, tiled.drawnCells());
    else if (p) this.renderer.setStars(p.coordinates, p.colorBytes, p.sizes);
    else this.renderer.setStars(new Float32Array(0), new Uint8Array(0), new Float32Array(0));
    this.requestRender();
  }

  private updateLinks(): void {
    const { positions, adjacency } = this;
    const { showLinks, maxVisibleDistance, scale } = this.links;
    const tiled = this.tiled?.stars;
    if (tiled) {
      // Asked on every change, links shown or not, so that the stars know the settings.
      const pairs = tiled.linkPairs({ ...this.links });
      this.linkPairs = showLinks ? pairs : undefined;
    } else {
      this.linkPairs =
        positions && adjacency && showLinks
          ? visibleLinkIndices(positions, adjacency.outOffsets, adjacency.outTargets, maxVisibleDistance, scale)
          : undefined;
    }
    this.renderer?.setLinks(this.linkPairs);
    this.requestRender();
  }
}

function createStarLabels(camera: Camera, cameraRest: LabelCameraRest, requestFrame: () => void): StarLabels | undefined {
  if (typeof document === 'undefined') return undefined;
  const family = getComputedStyle(document.documentElement).fontFamily || 'sans-serif';
  const worker = startRasterWorker();
  return new StarLabels(new LabelAtlas(canvasRasterizer(family)), camera, cameraRest, requestFrame, worker && { worker, fontFamily: family });
}

function samePose(a: CameraPose, b: CameraPose): boolean {
  return a.position.every((v, i) => v === b.position[i]) && a.orientation.every((v, i) => v === b.orientation[i]);
}
