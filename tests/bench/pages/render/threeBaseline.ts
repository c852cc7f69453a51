import * as THREE from 'three';
import type { BenchScene } from './benchScene';

const vertexShader = `
attribute vec4 color;
attribute float size;
varying vec4 vColor;
void main() {
  vColor = color;
  vec4 mvPosition = modelViewMatrix * vec4(position, 1.0);
  gl_PointSize = clamp(size * (351.0 / length(mvPosition.xyz)), 2.0, 512.0);
  gl_Position = projectionMatrix * mvPosition;
}`;

const fragmentShader = `
varying vec4 vColor;
void main() {
  float r = length(gl_PointCoord * 2.0 - 1.0);
  vec4 texel = vColor * vec4(vec3(1.0 - 0.35 * r * r), clamp(2.0 * (1.0 - r), 0.0, 1.0));
  if (texel.a < 0.5) discard;
  gl_FragColor = vec4(texel.rgb, 1.0);
}`;

/**
 * The baseline: a plain three.js scene as the original viewer built it, THREE.Points with a
 * point-size ShaderMaterial and THREE.LineSegments with per-vertex colours, additive, opacity 0.5.
 */
export class ThreeBaseline {
  private renderer: THREE.WebGLRenderer;
  private scene = new THREE.Scene();
  private camera: THREE.PerspectiveCamera;
  private lines: THREE.LineSegments | undefined;

  constructor(readonly canvas: HTMLCanvasElement, bench: BenchScene) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: false });
    this.renderer.setPixelRatio(1);
    this.renderer.setSize(canvas.width, canvas.height, false);
    this.camera = new THREE.PerspectiveCamera(45, canvas.width / canvas.height, 1, 1e6);

    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(bench.positions, 3));
    geometry.setAttribute('color', new THREE.BufferAttribute(bench.colors, 4, true));
    geometry.setAttribute('size', new THREE.BufferAttribute(bench.sizes, 1));
    const points = new THREE.Points(geometry, new THREE.ShaderMaterial({ vertexShader, fragmentShader }));
    points.frustumCulled = false;
    this.scene.add(points);

    if (bench.links.length > 0) {
      const pairs = bench.links;
      const linePositions = new Float32Array(pairs.length * 3);
      const lineColors = new Float32Array(pairs.length * 3);
      for (let i = 0; i < pairs.length; i++) {
        const p = pairs[i] * 3;
        for (let k = 0; k < 3; k++) {
          linePositions[i * 3 + k] = bench.positions[p + k];
          lineColors[i * 3 + k] = bench.positions[p + k] / 16000 + 0.5;
        }
      }
      const lineGeometry = new THREE.BufferGeometry();
      lineGeometry.setAttribute('position', new THREE.BufferAttribute(linePositions, 3));
      lineGeometry.setAttribute('color', new THREE.BufferAttribute(lineColors, 3));
      this.lines = new THREE.LineSegments(
        lineGeometry,
        new THREE.LineBasicMaterial({ vertexColors: true, blending: THREE.AdditiveBlending, opacity: 0.5, transparent: true, depthWrite: false }),
      );
      this.lines.frustumCulled = false;
      this.scene.add(this.lines);
    }
  }

  setLinksVisible(visible: boolean): void {
    if (this.lines) this.lines.visible = visible;
  }

  render(position: ArrayLike<number>, orientation: ArrayLike<number>, far: number): void {
    this.camera.position.set(position[0], position[1], position[2]);
    this.camera.quaternion.set(orientation[0], orientation[1], orientation[2], orientation[3]);
    this.camera.far = far;
    this.camera.updateProjectionMatrix();
    this.renderer.render(this.scene, this.camera);
  }

  whenDrawn(): void {
    const gl = this.renderer.getContext();
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }

  dispose(): void {
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}
