import { vec3 } from 'gl-matrix';
import type { Graph } from '../data/graph';
import { canvasRasterizer, LabelAtlas } from '../labels/labelAtlas';
import { startRasterWorker } from '../labels/rasterProtocol';
import { type PlacedLabel, StarLabels, type LabelWorkStats } from '../labels/starLabels';
import { buildOctreeOffThread } from '../picking/buildOctreeOffThread';
import { createHitTest, type HitTest } from '../picking/hitTest';
import { boundsOf, Camera, lookAtOrientation, wholeScenePose, type SceneBounds } from '../renderer/camera';
import { visibleLinkIndices } from '../renderer/linkIndices';
import { DEFAULT_PARTICLE_COLOR, ParticleView } from '../renderer/particleView';
import { HOVER_COLOR, HOVER_SIZE_FACTOR, starSizes } from '../renderer/starStyle';
import type { Renderer } from '../renderer/types';
import { poseAt } from './cameraAnimation';
import type { Backend, CameraPose, GalaxyView } from './galaxyView';

export interface LinkSettings {
  showLinks: boolean;
  maxVisibleDistance: number;
  scale: number;
}

/** Default fly-to distance (SPEC section 9). */
export const DEFAULT_FLY_DISTANCE = 100;

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
  private particles: ParticleView | undefined;
  private baseSizes: Float32Array | undefined;
  private hitTest: HitTest | undefined;
  private indexReady = false;
  private indexBuild: AbortController | undefined;
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
    if (graph === this.graph) return;
    this.graph = graph;
    this.hovered = undefined;
    this.highlighted.clear();
    this.indexBuild?.abort();
    this.indexBuild = undefined;
    this.particles = undefined;
    this.hitTest = undefined;
    this.indexReady = false;
    this.baseSizes = undefined;
    if (graph) {
      const particles = new ParticleView(graph.data.positions);
      this.baseSizes = starSizes(graph.data.inOffsets, graph.maxInDegree);
      particles.replaceSizes(this.baseSizes.slice());
      particles.onChange((change) => {
        if (!this.renderer) return;
        if (change.kind === 'colors') this.renderer.updateStarColors(particles.colorBytes, change.range.start, change.range.count);
        else if (change.kind === 'sizes') this.renderer.updateStarSizes(particles.sizes, change.range.start, change.range.count);
        this.requestRender();
      });
      this.particles = particles;
      this.labels?.setStars({ positions: graph.data.positions, sizes: particles.sizes, name: (id) => graph.label(id) });
      this.hitTest = createHitTest(particles);
      this.bounds = boundsOf(graph.data.positions);
      const build = new AbortController();
      this.indexBuild = build;
      buildOctreeOffThread(graph.data.positions, build.signal).then(
        (tree) => {
          if (build.signal.aborted) return;
          this.hitTest?.setIndex(tree);
          this.indexReady = true;
        },
        (error: unknown) => {
          if (!build.signal.aborted) console.warn('Spatial index not built; picking checks every star instead.', error);
        },
      );
    } else {
      this.bounds = { center: [0, 0, 0], radius: 0, halfSize: 0 };
      this.labels?.setStars(undefined);
    }
    this.camera.setScene(this.bounds);
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
    if (!this.graph?.has(id)) return Promise.resolve();
    const target = this.graph.position(id);
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

  /** World position of a star as drawn (positions already multiplied by the scale). */
  starPosition(id: number): [number, number, number] | undefined {
    return this.graph?.has(id) ? this.graph.position(id) : undefined;
  }

  /** Id of the first star with this label, or -1. */
  findStar(label: string): number {
    return this.graph?.findByName(label) ?? -1;
  }

  projectToClient(id: number): { x: number; y: number } | undefined {
    const canvas = this.canvas;
    if (!canvas || !this.graph?.has(id)) return undefined;
    const [x, y, z] = this.graph.position(id);
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
    const graph = this.graph;
    const { showLinks, maxVisibleDistance, scale } = this.links;
    this.linkPairs =
      graph && showLinks
        ? visibleLinkIndices(graph.data.positions, graph.data.outOffsets, graph.data.outTargets, maxVisibleDistance, scale)
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
