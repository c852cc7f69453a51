import { vec3 } from 'gl-matrix';
import { maxDegree, type Graph } from '../data/graph';
import type { StreamedGalaxy } from '../data/streamedGalaxy';
import { canvasRasterizer, LabelAtlas } from '../labels/labelAtlas';
import { startRasterWorker } from '../labels/rasterProtocol';
import { type PlacedLabel, StarLabels, type LabelWorkStats } from '../labels/starLabels';
import { buildOctreeOffThread } from '../picking/buildOctreeOffThread';
import { createHitTest, type HitTest } from '../picking/hitTest';
import { boundsOf, Camera, lookAtOrientation, wholeScenePose, type SceneBounds } from '../renderer/camera';
import { visibleLinkIndices } from '../renderer/linkIndices';
import { DEFAULT_PARTICLE_COLOR, DEFAULT_PARTICLE_SIZE, ParticleView } from '../renderer/particleView';
import { HOVER_COLOR, HOVER_SIZE_FACTOR, starSizes } from '../renderer/starStyle';
import type { Renderer } from '../renderer/types';
import { FLY_TO_DISTANCE, poseAt } from './cameraAnimation';
import type { Backend, CameraPose, GalaxyView } from './galaxyView';

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
 * demand. The renderer can be swapped (a lost device) without losing the camera or the graph.
 */
export class GalaxyScene implements GalaxyView {
  readonly camera = new Camera();
  private renderer: Renderer | undefined;
  private graph: Graph | undefined;
  private positions: Float32Array | undefined;
  private adjacency: SceneAdjacency | undefined;
  private particles: ParticleView | undefined;
  private baseSizes: Float32Array | undefined;
  private hitTest: HitTest | undefined;
  private indexReady = false;
  private indexBuild: AbortController | undefined;
  /** The graph whose stars are named (undefined while stars stream in without labels). */
  private namedGraph: Graph | undefined;
  private bounds: SceneBounds = { center: [0, 0, 0], radius: 0, halfSize: 0 };
  private links: LinkSettings = { showLinks: false, maxVisibleDistance: 150, scale: 1.75 };
  private linkPairs: Uint32Array | undefined;
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
  private readonly labels = createStarLabels(this.camera, () => this.requestRender());

  get backend(): Backend {
    return this.renderer?.backend ?? 'webgl2';
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

  setGraph(graph: Graph | undefined): void {
    this.setGalaxy(graph, undefined);
  }

  /**
   * Draws the whole graph, or, while it downloads, what has arrived of it: stars at the particle
   * default size as soon as their positions are in, sized by the node size rule and linked once
   * the links are (with the whole graph, or earlier when a source has them). Stars already
   * uploaded stay when only the rest of the graph has arrived.
   */
  setGalaxy(graph: Graph | undefined, streamed: StreamedGalaxy | undefined): void {
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
    const particles = this.particles;
    const named = graph && particles ? graph : undefined;
    if (named === this.namedGraph) return;
    this.namedGraph = named;
    this.labels?.setStars(named && particles ? { positions: named.data.positions, sizes: particles.sizes, name: (id) => named.label(id) } : undefined);
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
    const count = this.particles?.count ?? 0;
    return { drawn: count, total: count };
  }

  private setStars(positions: Float32Array | undefined): void {
    this.positions = positions;
    this.hovered = undefined;
    this.highlighted.clear();
    this.indexBuild?.abort();
    this.indexBuild = undefined;
    this.particles = undefined;
    this.hitTest = undefined;
    this.indexReady = false;
    this.baseSizes = undefined;
    this.adjacency = undefined;
    if (positions) {
      const particles = new ParticleView(positions);
      particles.onChange((change) => {
        if (!this.renderer) return;
        if (change.kind === 'colors') this.renderer.updateStarColors(particles.colorBytes, change.range.start, change.range.count);
        else if (change.kind === 'sizes') this.renderer.updateStarSizes(particles.sizes, change.range.start, change.range.count);
        this.requestRender();
      });
      this.particles = particles;
      this.hitTest = createHitTest(particles);
      this.bounds = boundsOf(positions);
    } else {
      this.bounds = { center: [0, 0, 0], radius: 0, halfSize: 0 };
    }
    this.camera.setScene(this.bounds);
    this.uploadStars();
  }

  /** Sizes by the node size rule once links are known (the particle default until then), and the links. */
  private setAdjacency(adjacency: SceneAdjacency | undefined, maxInDegree?: number): void {
    const particles = this.particles;
    this.adjacency = particles ? adjacency : undefined;
    if (particles) {
      this.baseSizes = adjacency
        ? starSizes(adjacency.inOffsets, maxInDegree ?? maxDegree(adjacency.inOffsets))
        : new Float32Array(particles.count).fill(DEFAULT_PARTICLE_SIZE);
      particles.replaceSizes(this.baseSizes.slice());
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
    this.renderer?.resize(width, height);
    this.labels?.cameraMoved();
    this.requestRender();
  }

  // GalaxyView

  getCamera(): CameraPose {
    return this.camera.getPose();
  }

  setCamera(pose: CameraPose): void {
    // A pose with a part that is not finite would make every matrix NaN and the screen blank.
    if (![...pose.position, ...pose.orientation].every(Number.isFinite)) return;
    this.endFlight();
    this.moveCamera(pose);
  }

  onCameraChange(listener: (pose: CameraPose) => void): () => void {
    this.cameraListeners.add(listener);
    return () => this.cameraListeners.delete(listener);
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
    if (!canvas || !this.hitTest) return undefined;
    const rect = canvas.getBoundingClientRect();
    return this.hitTest.pick(this.camera.rayThrough(clientX - rect.left, clientY - rect.top));
  }

  setHovered(id: number | undefined): void {
    if (id === this.hovered) return;
    const previous = this.hovered;
    this.hovered = undefined;
    if (previous !== undefined) this.restyle(previous);
    if (id !== undefined && this.particles && id >= 0 && id < this.particles.count) {
      this.hovered = id;
      this.restyle(id);
    }
    this.labels?.setHovered(this.hovered);
  }

  /** The selected star is always named. */
  setSelected(id: number | undefined): void {
    this.labels?.setSelected(id !== undefined && this.graph?.has(id) ? id : undefined);
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

  setHighlighted(ids: ArrayLike<number>, color: number): void {
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (!this.particles || id < 0 || id >= this.particles.count) continue;
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

  flyTo(id: number, options: { distance?: number } = {}): Promise<void> {
    const target = this.drawnStarPosition(id);
    if (!target) return Promise.resolve();
    const from = this.camera.getPose();
    const distance = options.distance ?? DEFAULT_FLY_DISTANCE;
    const toStar = vec3.sub(vec3.create(), target, from.position);
    if (vec3.length(toStar) < 1e-6) vec3.copy(toStar, this.camera.forward());
    vec3.normalize(toStar, toStar);
    const position = vec3.scaleAndAdd(vec3.create(), target, toStar, -distance);
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

  /** World position of a star of the whole graph (undefined while the graph still streams). */
  starPosition(id: number): [number, number, number] | undefined {
    return this.graph ? this.drawnStarPosition(id) : undefined;
  }

  /** World position of a drawn star (positions already multiplied by the scale). */
  private drawnStarPosition(id: number): [number, number, number] | undefined {
    const p = this.positions;
    if (!p || !Number.isInteger(id) || id < 0 || id * 3 >= p.length) return undefined;
    return [p[id * 3], p[id * 3 + 1], p[id * 3 + 2]];
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
    const stars = this.particles?.count ?? 0;
    this.renderer.canvas.dataset.stars = String(stars);
    if (stars > 0) this.firstStarFrameAt ??= performance.now();
  };

  private moveCamera(pose: CameraPose): void {
    const before = this.camera.getPose();
    this.camera.setPose(pose);
    const after = this.camera.getPose();
    if (samePose(before, after)) return;
    this.labels?.cameraMoved();
    this.requestRender();
    for (const listener of this.cameraListeners) listener(after);
  }

  private endFlight(): void {
    const flight = this.flight;
    this.flight = undefined;
    flight?.resolve();
  }

  private restyle(id: number): void {
    const particles = this.particles;
    const baseSizes = this.baseSizes;
    if (!particles || !baseSizes) return;
    const hovered = id === this.hovered;
    particles.setColor(id, hovered ? HOVER_COLOR : (this.highlighted.get(id) ?? DEFAULT_PARTICLE_COLOR));
    particles.setSize(id, hovered ? baseSizes[id] * HOVER_SIZE_FACTOR : baseSizes[id]);
  }

  private uploadStars(): void {
    if (!this.renderer) return;
    const p = this.particles;
    if (p) this.renderer.setStars(p.coordinates, p.colorBytes, p.sizes);
    else this.renderer.setStars(new Float32Array(0), new Uint8Array(0), new Float32Array(0));
    this.requestRender();
  }

  private updateLinks(): void {
    const { positions, adjacency } = this;
    const { showLinks, maxVisibleDistance, scale } = this.links;
    this.linkPairs =
      positions && adjacency && showLinks
        ? visibleLinkIndices(positions, adjacency.outOffsets, adjacency.outTargets, maxVisibleDistance, scale)
        : undefined;
    this.renderer?.setLinks(this.linkPairs);
    this.requestRender();
  }
}

function createStarLabels(camera: Camera, requestFrame: () => void): StarLabels | undefined {
  if (typeof document === 'undefined') return undefined;
  const family = getComputedStyle(document.documentElement).fontFamily || 'sans-serif';
  const worker = startRasterWorker();
  return new StarLabels(new LabelAtlas(canvasRasterizer(family)), camera, requestFrame, worker && { worker, fontFamily: family });
}

function samePose(a: CameraPose, b: CameraPose): boolean {
  return a.position.every((v, i) => v === b.position[i]) && a.orientation.every((v, i) => v === b.orientation[i]);
}
