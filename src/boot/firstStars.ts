import { earlyTiles } from '../data/earlyRequests';

/**
 * How long after navigation the viewer's code waits for the entry to paint a tiled galaxy's root
 * tile (ms). Evaluating that code holds the main thread for hundreds of milliseconds, during which
 * neither the tile worker could start nor a frame be drawn; past this, the viewer starts and the
 * stars come with it, as on a slow data host.
 */
export const FIRST_STARS_WAIT_MS = 1000;

/**
 * On a WebGL2 galaxy address whose version has tiles, draws the root tile the early requests asked
 * for (paintRootTile.ts, loaded only then) before the viewer's code has run: the first stars do not
 * wait for the viewer's own start. Resolves when they are drawn, when there is nothing to draw, or
 * at FIRST_STARS_WAIT_MS after navigation.
 */
export async function paintFirstStarsEarly(href: string): Promise<void> {
  const deadline = new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, FIRST_STARS_WAIT_MS - performance.now())));
  await Promise.race([deadline, paint(href).catch(() => undefined)]);
}

async function paint(href: string): Promise<void> {
  const tiles = await earlyTiles();
  if (!tiles) return;
  const [{ paintRootTile }, source, root] = await Promise.all([import('./paintRootTile'), tiles.source, tiles.root]);
  paintRootTile(href, source.index, root);
}
