/** A camera pose on a circle around `centre` in the x-z plane, looking at the centre (three.js: -Z forward). */
export interface OrbitPose {
  position: [number, number, number];
  orientation: [number, number, number, number];
}

export function orbitPose(centre: readonly number[], distance: number, angle: number, elevation = 0.35): OrbitPose {
  // Yaw by `angle` around Y, then pitch down by `elevation` so the galaxy is seen a little from above.
  const cy = Math.cos(angle / 2), sy = Math.sin(angle / 2);
  const cp = Math.cos(-elevation / 2), sp = Math.sin(-elevation / 2);
  // q = yaw * pitch (pitch about the camera's own X axis)
  const orientation: [number, number, number, number] = [cy * sp, sy * cp, -sy * sp, cy * cp];
  const horizontal = distance * Math.cos(elevation);
  return {
    position: [
      centre[0] + horizontal * Math.sin(angle),
      centre[1] + distance * Math.sin(elevation),
      centre[2] + horizontal * Math.cos(angle),
    ],
    orientation,
  };
}

/** The galaxy route's address for a pose (docs/rules.md#url: cx..cz integers, lx..lw 4 decimals). */
export function galaxyAddress(name: string, pose: OrbitPose, renderer = 'webgl2'): string {
  const [x, y, z] = pose.position.map((value) => Math.round(value));
  const [lx, ly, lz, lw] = pose.orientation.map((value) => value.toFixed(4));
  return `/?renderer=${renderer}#/galaxy/${encodeURIComponent(name)}?cx=${x}&cy=${y}&cz=${z}&lx=${lx}&ly=${ly}&lz=${lz}&lw=${lw}&l=1`;
}
