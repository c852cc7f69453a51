/** A ray from the camera into the galaxy, the one thing every way of picking a star is given. */
export interface Ray {
  origin: readonly [number, number, number];
  /** Need not be normalised. */
  direction: readonly [number, number, number];
}
