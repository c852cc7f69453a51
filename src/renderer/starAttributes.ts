/**
 * docs/rules.md#renderer: the stars as the viewer holds them. Three coordinates, a colour of
 * four values (0..255, default 255 each) and a size (default 15) per star. Colours are kept
 * as RGBA8 bytes because that is what the GPU reads; ranges that change are reported so that a
 * backend writes only those bytes.
 */
export const DEFAULT_STAR_SIZE = 15;
export const DEFAULT_STAR_COLOR = 0xffffffff;

export interface StarRange {
  start: number;
  count: number;
}

export type StarAttributeChange =
  | { kind: 'coordinates' }
  | { kind: 'colors'; range: StarRange }
  | { kind: 'sizes'; range: StarRange };

export class StarAttributes {
  readonly count: number;
  private coords: Float32Array;
  /** RGBA8, four bytes per star. */
  readonly colorBytes: Uint8Array;
  private sizeValues: Float32Array;
  private listeners = new Set<(change: StarAttributeChange) => void>();

  constructor(coordinates: ArrayLike<number>) {
    if (coordinates === null || coordinates === undefined || typeof coordinates.length !== 'number' || coordinates.length % 3 !== 0) {
      throw new Error('Each particle is expected to have three coordinates');
    }
    this.coords = coordinates instanceof Float32Array ? coordinates : Float32Array.from(coordinates);
    this.count = this.coords.length / 3;
    this.colorBytes = new Uint8Array(this.count * 4).fill(255);
    this.sizeValues = new Float32Array(this.count).fill(DEFAULT_STAR_SIZE);
  }

  get coordinates(): Float32Array {
    return this.coords;
  }

  get sizes(): Float32Array {
    return this.sizeValues;
  }

  /** Colours as four values (0..255) per star, a copy. */
  get colors(): Float32Array {
    return Float32Array.from(this.colorBytes);
  }

  onChange(listener: (change: StarAttributeChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  replaceCoordinates(next: unknown): void {
    if (!(next instanceof Float32Array) || next.length !== this.coords.length) {
      throw new Error('Coordinates expect Float32Array and the size should be the same as original');
    }
    this.coords = next;
    this.emit({ kind: 'coordinates' });
  }

  replaceColors(next: unknown): void {
    if (!(next instanceof Float32Array) || next.length !== this.colorBytes.length) {
      throw new Error('Colors expect Float32Array and the size should be the same as original');
    }
    for (let i = 0; i < next.length; i++) this.colorBytes[i] = clampByte(next[i]);
    this.emit({ kind: 'colors', range: { start: 0, count: this.count } });
  }

  replaceSizes(next: unknown): void {
    if (!(next instanceof Float32Array) || next.length !== this.sizeValues.length) {
      throw new Error('Sizes expect Float32Array and the size should be the same as original');
    }
    this.sizeValues = next;
    this.emit({ kind: 'sizes', range: { start: 0, count: this.count } });
  }

  /** Packed 0xRRGGBBAA colour of one star. */
  colorOf(id: number): number {
    const b = this.colorBytes;
    return ((b[id * 4] << 24) | (b[id * 4 + 1] << 16) | (b[id * 4 + 2] << 8) | b[id * 4 + 3]) >>> 0;
  }

  setColor(id: number, rgba: number): void {
    this.checkId(id);
    this.storeColor(id, rgba);
    this.emit({ kind: 'colors', range: { start: id, count: 1 } });
  }

  /** Sets a colour without telling listeners, for a caller that writes a whole range of stars itself. */
  storeColor(id: number, rgba: number): void {
    const b = this.colorBytes;
    b[id * 4] = (rgba >>> 24) & 255;
    b[id * 4 + 1] = (rgba >>> 16) & 255;
    b[id * 4 + 2] = (rgba >>> 8) & 255;
    b[id * 4 + 3] = rgba & 255;
  }

  setSize(id: number, size: number): void {
    this.checkId(id);
    this.sizeValues[id] = size;
    this.emit({ kind: 'sizes', range: { start: id, count: 1 } });
  }

  /**
   * Tells listeners that the colours and sizes of these ranges changed, for a caller that styled
   * many stars with storeColor and `sizes` (one write per range instead of two per star).
   */
  styled(ranges: readonly StarRange[]): void {
    for (const range of ranges) {
      this.emit({ kind: 'colors', range });
      this.emit({ kind: 'sizes', range });
    }
  }

  private checkId(id: number): void {
    if (!Number.isInteger(id) || id < 0 || id >= this.count) throw new RangeError(`No star with id ${id} (have ${this.count})`);
  }

  private emit(change: StarAttributeChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

function clampByte(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.min(255, Math.round(value))) : 255;
}
