import { THUMBNAIL_ANIMATED, THUMBNAIL_STILL, type GalaxyMeta } from '../data/manifest';
import type { GalaxyCardProps } from '../panels/GalaxyCard';

/** A galaxy the data root offers, with the meta of its manifest when it could be read. */
export interface HomeGalaxy {
  name: string;
  meta?: GalaxyMeta;
}

export const INTERNET_GALAXY = 'internet';
/** SPEC section 2: the internet card opens with links shown. */
export const INTERNET_HREF = '#/galaxy/internet?l=1';
export const INTERNET_DESCRIPTION = 'The BGP Default-Free Zone';

export interface HomeCards {
  featured: GalaxyCardProps[];
  galaxies: GalaxyCardProps[];
}

function thumbnails(dataRoot: string, name: string): Pick<GalaxyCardProps, 'stillSrc' | 'animatedSrc'> {
  const folder = `${dataRoot.replace(/\/+$/, '')}/${encodeURIComponent(name)}`;
  return { stillSrc: `${folder}/${THUMBNAIL_STILL}`, animatedSrc: `${folder}/${THUMBNAIL_ANIMATED}` };
}

/** Title of the internet card: where the routing tables were seen from, read from the galaxy's data. */
export function internetTitle(meta: GalaxyMeta | undefined): string {
  const vantage = meta?.vantage;
  if (vantage) return `As seen from ${vantage.host} / AS ${vantage.asn}`;
  return meta?.title ?? 'The Internet';
}

/** Home's cards: the internet media card first (when offered), then every other galaxy by name. */
export function homeCards(galaxies: readonly HomeGalaxy[], dataRoot: string): HomeCards {
  const featured: GalaxyCardProps[] = [];
  const others: GalaxyCardProps[] = [];
  for (const galaxy of galaxies) {
    if (galaxy.name === INTERNET_GALAXY) {
      featured.push({
        name: galaxy.name,
        href: INTERNET_HREF,
        title: internetTitle(galaxy.meta),
        description: INTERNET_DESCRIPTION,
        ...thumbnails(dataRoot, galaxy.name),
      });
    } else {
      others.push({
        name: galaxy.name,
        href: `#/galaxy/${encodeURIComponent(galaxy.name)}`,
        title: galaxy.meta?.title ?? galaxy.name,
        description: galaxy.meta?.description,
        ...thumbnails(dataRoot, galaxy.name),
      });
    }
  }
  others.sort((a, b) => a.name.localeCompare(b.name));
  return { featured, galaxies: others };
}
