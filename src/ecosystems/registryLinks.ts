/** Encodes one path segment; '@' may stay as it is in a path (npm scopes, brew's openssl@3). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%40/g, '@');
}

/** Encodes each '/'-separated part of a name, keeping the slashes (scoped or nested names). */
function encodePath(name: string): string {
  return name.split('/').map(encodeSegment).join('/');
}

/** Elm labels may carry a version: 'author/name@1.0.2' is the page of that version. */
function elmLink(name: string): string {
  const match = /^([^/@\s]+)\/([^/@\s]+)(?:@([^/@\s]+))?$/.exec(name);
  if (!match) return `https://package.elm-lang.org/?q=${encodeURIComponent(name)}`;
  const [, author, pkg, version] = match;
  return `https://package.elm-lang.org/packages/${encodeSegment(author)}/${encodeSegment(pkg)}/${version ? encodeSegment(version) : 'latest'}/`;
}

function searchQuery(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

const LINKS: Record<string, (name: string) => string | undefined> = {
  npm: (name) => `https://www.npmjs.com/package/${encodePath(name)}`,
  bower: (name) => `https://bower.io/search/?q=${encodeURIComponent(name)}`,
  cpan: (name) =>
    name.includes('::')
      ? `https://metacpan.org/pod/${encodeURIComponent(name)}`
      : `https://metacpan.org/dist/${encodeURIComponent(name)}`,
  cran: (name) => `https://cran.r-project.org/package=${encodeURIComponent(name)}`,
  composer: (name) => `https://packagist.org/packages/${encodePath(name)}`,
  rubygems: (name) => `https://rubygems.org/gems/${encodeURIComponent(name)}`,
  gosearch: (name) => `https://pkg.go.dev/${encodePath(name)}`,
  debian: (name) => `https://duckduckgo.com/?q=${searchQuery(`site:packages.debian.org ${name}`)}`,
  fedora: (name) => `https://packages.fedoraproject.org/pkgs/${encodeURIComponent(name)}/`,
  arch: (name) => `https://archlinux.org/packages/?q=${encodeURIComponent(name)}`,
  brew: (name) => `https://formulae.brew.sh/formula/${encodeSegment(name)}`,
  nuget: (name) => `https://www.nuget.org/packages/${encodeURIComponent(name)}`,
  python: (name) => `https://pypi.org/project/${encodeURIComponent(name)}/`,
  crates: (name) => `https://crates.io/crates/${encodeURIComponent(name)}`,
  elm: elmLink,
  github: (name) => `https://github.com/${encodeURIComponent(name)}`,
  internet: (name) => {
    const asn = /^\s*(?:AS)?\s*(\d+)\s*$/i.exec(name);
    return asn ? `https://bgp.he.net/AS${asn[1]}` : undefined;
  },
};

/** The page about a node on its ecosystem's registry, or undefined when the ecosystem has none. */
export function starPage(kind: string, name: string): string | undefined {
  if (name.length === 0) return undefined;
  const link = LINKS[kind.toLowerCase()];
  return link ? link(name) : undefined;
}

/** A github user's avatar, 50 px (docs/rules.md#ecosystems). */
export function githubAvatar(login: string): string {
  return `https://github.com/${encodeURIComponent(login)}.png?size=50`;
}

/** The icon shown beside a node's name: the avatar on github, nothing elsewhere (docs/rules.md#ecosystems). */
export function starIcon(kind: string, name: string): string | undefined {
  return kind.toLowerCase() === 'github' && name.length > 0 ? githubAvatar(name) : undefined;
}
