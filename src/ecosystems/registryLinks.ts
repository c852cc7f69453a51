/** Encodes each '/'-separated part of a name, keeping the slashes (scoped or nested names). */
function encodePath(name: string): string {
  return name.split('/').map(encodeURIComponent).join('/');
}

/** npm scopes keep their '@' so the address matches what npmjs.com prints. */
function encodeNpmName(name: string): string {
  return encodePath(name).replace(/^%40/, '@');
}

function searchQuery(text: string): string {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

const LINKS: Record<string, (name: string) => string | undefined> = {
  npm: (name) => `https://www.npmjs.com/package/${encodeNpmName(name)}`,
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
  brew: (name) => `https://formulae.brew.sh/formula/${encodeURIComponent(name)}`,
  nuget: (name) => `https://www.nuget.org/packages/${encodeURIComponent(name)}`,
  python: (name) => `https://pypi.org/project/${encodeURIComponent(name)}/`,
  crates: (name) => `https://crates.io/crates/${encodeURIComponent(name)}`,
  elm: (name) =>
    name.includes('/')
      ? `https://package.elm-lang.org/packages/${encodePath(name)}/latest/`
      : `https://package.elm-lang.org/?q=${encodeURIComponent(name)}`,
  github: (name) => `https://github.com/${encodeURIComponent(name)}`,
  internet: (name) => {
    const asn = /^\s*(?:AS)?\s*(\d+)\s*$/i.exec(name);
    return asn ? `https://bgp.he.net/AS${asn[1]}` : undefined;
  },
};

/** The page about a node on its ecosystem's registry, or undefined when the ecosystem has none. */
export function nodeLink(kind: string, name: string): string | undefined {
  if (name.length === 0) return undefined;
  const link = LINKS[kind.toLowerCase()];
  return link ? link(name) : undefined;
}

/** A github user's avatar, 50 px (SPEC section 7). */
export function githubAvatar(login: string): string {
  return `https://github.com/${encodeURIComponent(login)}.png?size=50`;
}

/** The icon shown beside a node's name: the avatar on github, nothing elsewhere (SPEC section 3). */
export function nodeIcon(kind: string, name: string): string | undefined {
  return kind.toLowerCase() === 'github' && name.length > 0 ? githubAvatar(name) : undefined;
}
