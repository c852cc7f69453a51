import { THUMBNAIL_ANIMATED, THUMBNAIL_STILL, type GalaxyMeta } from '../data/manifest';
import { ecosystemKind } from '../ecosystems/kind';
import type { GalaxyCardProps } from '../panels/GalaxyCard';

/** A galaxy the data root offers, with the meta of its manifest when it could be read. */
export interface HomeGalaxy {
  name: string;
  meta?: GalaxyMeta;
  /** Whether its manifest was read yet (cards fill in one by one); loaded when absent. */
  status?: 'loading' | 'loaded' | 'unreachable';
  /** Why an unreachable galaxy's manifest could not be read. */
  problem?: string;
}

function cardState(galaxy: HomeGalaxy): Pick<GalaxyCardProps, 'loading' | 'unreachable'> {
  if (galaxy.status === 'loading') return { loading: true };
  if (galaxy.status === 'unreachable') return { unreachable: galaxy.problem ?? 'Its manifest could not be read' };
  return {};
}

export const INTERNET_GALAXY = 'internet';
/** docs/rules.md#home: the internet card opens with links shown. */
export const INTERNET_HREF = '#/galaxy/internet?l=1';
export const INTERNET_DESCRIPTION = 'The BGP Default-Free Zone';

/** What a galaxy of each known ecosystem shows, for cards whose manifest has no description. */
const ECOSYSTEM_DESCRIPTIONS: Record<string, string> = {
  npm: 'JavaScript packages on npm and what they depend on',
  bower: 'Front-end packages on Bower and their dependencies',
  cpan: 'Perl distributions on CPAN and their dependencies',
  cran: 'R packages on CRAN and their dependencies',
  composer: 'PHP packages on Packagist and their dependencies',
  rubygems: 'Ruby gems and their dependencies',
  gosearch: 'Go packages and the packages they import',
  debian: 'Debian packages and what they depend on',
  fedora: 'Fedora packages and their dependencies',
  arch: 'Arch Linux packages and their dependencies',
  brew: 'Homebrew formulae and what they depend on',
  nuget: '.NET packages on NuGet and their dependencies',
  python: 'Python packages on PyPI and their dependencies',
  crates: 'Rust crates on crates.io and their dependencies',
  elm: 'Elm packages and their dependencies',
  github: 'GitHub users and who follows whom',
};

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
        ...cardState(galaxy),
      });
    } else {
      others.push({
        name: galaxy.name,
        href: `#/galaxy/${encodeURIComponent(galaxy.name)}`,
        title: galaxy.meta?.title ?? galaxy.name,
        description: galaxy.meta?.description ?? ECOSYSTEM_DESCRIPTIONS[ecosystemKind(galaxy.name, galaxy.meta)],
        ...thumbnails(dataRoot, galaxy.name),
        ...cardState(galaxy),
      });
    }
  }
  others.sort((a, b) => a.name.localeCompare(b.name));
  return { featured, galaxies: others };
}
