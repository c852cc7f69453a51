import type { Graph } from '../data/graph';
import type { StarCatalog } from '../data/starCatalog';
import { StreamedCatalog } from '../data/streamedCatalog';
import type { StreamedGalaxy } from '../data/streamedGalaxy';
import type { StarNames } from '../labels/sourceLabelStars';
import { createBrowserSearchWorker, LabelSearch } from '../search/labelSearch';
import type { SearchedGalaxy } from '../search/searchedGalaxy';
import { TiledStarSearch } from '../search/tiledStarSearch';
import type { Holdings } from '../tiles/stream/heldParts';
import type { TiledGalaxy } from '../tiles/stream/types';
import type { StarSource } from './starSource';
import { WholeGalaxyStars } from './wholeGalaxyStars';

/** What the scene draws: a galaxy's star source, and its names once they can be asked for. */
export interface ShownGalaxy {
  stars: StarSource | undefined;
  names: StarNames | undefined;
}

/** The galaxy open now, in whichever shape it was opened (the state's atoms). */
export interface OpenGalaxy {
  graph?: Graph;
  streamed?: StreamedGalaxy;
  tiled?: TiledGalaxy;
  /** A whole galaxy's finest community per star, once communities.bin is in. */
  communities?: Uint32Array;
}

/** The stars counted on the stats line: drawn of all, and whether more are on their way. */
export type StarCounts = Pick<StarSource, 'drawnStars' | 'starCount' | 'busy' | 'onChange' | 'starBudget'>;

/** What the panels of the galaxy route show of the galaxy open now. */
export interface ShownCatalog {
  catalog: StarCatalog;
  /** Every panel can ask (names, details, windows, warnings); while a whole galaxy's files still download, only the hover card. */
  complete: boolean;
  /** Files still on their way (the stats line names them). */
  waitingFor: readonly string[];
  /** Links in the galaxy, unknown until its links are in. */
  edgeCount: number | undefined;
  stars: StarCounts;
  /** What the galaxy holds against its holding budget (a tiled galaxy's; the stats line's title says it). */
  holdings: (() => Holdings) | undefined;
  /** The whole graph in memory: a galaxy opened from a file can run its layout again. */
  graph: Graph | undefined;
}

/** A whole galaxy's stars: every one drawn as soon as its positions are in. */
function allDrawn(stars: number): StarCounts {
  return { drawnStars: stars, starCount: stars, busy: false, onChange: () => () => {} };
}

/** The catalog and stats of the galaxy open now, for the route's panels (undefined when none is). */
export function shownCatalogOf({ graph, streamed, tiled }: OpenGalaxy): ShownCatalog | undefined {
  if (tiled) return { catalog: tiled, complete: true, waitingFor: [], edgeCount: tiled.edgeCount, stars: tiled.stars, holdings: tiled.holdings?.bind(tiled), graph: undefined };
  if (graph) return { catalog: graph, complete: true, waitingFor: [], edgeCount: graph.edgeCount, stars: allDrawn(graph.starCount), holdings: undefined, graph };
  if (!streamed) return undefined;
  const { waitingFor, adjacency, starCount } = streamed;
  return { catalog: new StreamedCatalog(streamed), complete: false, waitingFor, edgeCount: adjacency?.edgeCount, stars: allDrawn(starCount), holdings: undefined, graph: undefined };
}

/**
 * What search and the console's commands ask of the galaxy open now (src/search/searchedGalaxy.ts):
 * a whole graph's names are searched by a worker and looked up in its index, a tiled galaxy's
 * streamed shard by shard; none while a whole galaxy's files still download.
 */
export function searchedGalaxyOf({ graph, tiled }: OpenGalaxy): SearchedGalaxy | undefined {
  if (tiled) {
    return {
      catalog: tiled,
      createSearch: () => new TiledStarSearch(tiled),
      starNamed: () => undefined,
      canBeLimited: false,
      locate: (id) => tiled.stars.locate(id),
    };
  }
  if (!graph) return undefined;
  return {
    catalog: graph,
    createSearch: (createWorker = createBrowserSearchWorker) => {
      const search = new LabelSearch(createWorker);
      search.setLabels(graph.data);
      return search;
    },
    starNamed: (name) => graph.findByName(name),
    canBeLimited: true,
    locate: async (id) => (graph.has(id) ? graph.position(id) : undefined),
  };
}

/**
 * The one place outside src/tiles/ that knows a galaxy's shape: a tiled galaxy brings its own star
 * source; a whole galaxy, streamed or not, is shown through a WholeGalaxyStars kept for as long as
 * its positions are the same array (the whole graph keeps its streamed stars' array), sized and
 * linked once links are in, named and indexed for picking once the whole graph is.
 */
export class ShownGalaxies {
  private whole: WholeGalaxyStars | undefined;

  of({ graph, streamed, tiled, communities }: OpenGalaxy): ShownGalaxy {
    if (tiled) {
      this.drop();
      return { stars: tiled.stars, names: tiled };
    }
    const positions = graph?.data.positions ?? streamed?.positions;
    if (!positions) {
      this.drop();
      return { stars: undefined, names: undefined };
    }
    if (this.whole?.starPositions !== positions) {
      this.drop();
      this.whole = new WholeGalaxyStars(positions);
    }
    const links = graph ? graph.data : streamed?.adjacency;
    if (links) this.whole.setLinks(links, graph?.maxInDegree);
    if (graph) this.whole.indexForPicking();
    this.whole.setCommunities(communities ?? graph?.data.communities);
    return { stars: this.whole, names: graph };
  }

  dispose(): void {
    this.drop();
  }

  private drop(): void {
    this.whole?.dispose();
    this.whole = undefined;
  }
}
