import { describe, expect, it } from 'vitest';
import { githubAvatar, starIcon, starPage, placeholderStar, presentStarInfo } from '../../../src/ecosystems';

describe('registry links', () => {
  it.each([
    ['npm', 'react', 'https://www.npmjs.com/package/react'],
    ['npm', '@babel/core', 'https://www.npmjs.com/package/@babel/core'],
    ['bower', 'jquery', 'https://bower.io/search/?q=jquery'],
    ['cpan', 'Moose', 'https://metacpan.org/dist/Moose'],
    ['cpan', 'Data::Dumper', 'https://metacpan.org/pod/Data%3A%3ADumper'],
    ['cran', 'ggplot2', 'https://cran.r-project.org/package=ggplot2'],
    ['composer', 'symfony/console', 'https://packagist.org/packages/symfony/console'],
    ['rubygems', 'rails', 'https://rubygems.org/gems/rails'],
    ['gosearch', 'github.com/pkg/errors', 'https://pkg.go.dev/github.com/pkg/errors'],
    ['debian', 'libc6', 'https://duckduckgo.com/?q=site%3Apackages.debian.org+libc6'],
    ['fedora', 'bash', 'https://packages.fedoraproject.org/pkgs/bash/'],
    ['arch', 'pacman', 'https://archlinux.org/packages/?q=pacman'],
    ['brew', 'wget', 'https://formulae.brew.sh/formula/wget'],
    ['nuget', 'Newtonsoft.Json', 'https://www.nuget.org/packages/Newtonsoft.Json'],
    ['python', 'requests', 'https://pypi.org/project/requests/'],
    ['crates', 'serde', 'https://crates.io/crates/serde'],
    ['elm', 'elm/core', 'https://package.elm-lang.org/packages/elm/core/latest/'],
    ['elm', 'tricycle/elm-eventstream@1.1.1', 'https://package.elm-lang.org/packages/tricycle/elm-eventstream/1.1.1/'],
    ['elm', 'no-author', 'https://package.elm-lang.org/?q=no-author'],
    ['brew', 'openssl@1.1', 'https://formulae.brew.sh/formula/openssl@1.1'],
    ['github', 'anvaka', 'https://github.com/anvaka'],
    ['internet', 'AS15169', 'https://bgp.he.net/AS15169'],
    ['internet', '3356', 'https://bgp.he.net/AS3356'],
  ])('%s: %s -> %s', (kind, name, expected) => {
    expect(starPage(kind, name)).toBe(expected);
  });

  it('URL-encodes names so that a label cannot break out of the address', () => {
    expect(starPage('npm', 'a b?c#d')).toBe('https://www.npmjs.com/package/a%20b%3Fc%23d');
    expect(starPage('rubygems', '<script>')).toBe('https://rubygems.org/gems/%3Cscript%3E');
    expect(starPage('debian', 'g++ & co')).toBe('https://duckduckgo.com/?q=site%3Apackages.debian.org+g%2B%2B+%26+co');
  });

  it('has no link for an unknown ecosystem, an empty name, or an internet label that is no AS number', () => {
    expect(starPage('my-own-graph', 'x')).toBeUndefined();
    expect(starPage('npm', '')).toBeUndefined();
    expect(starPage('internet', 'Google LLC')).toBeUndefined();
  });

  it('github nodes get a 50 px avatar as their icon, other ecosystems none', () => {
    expect(githubAvatar('anvaka')).toBe('https://github.com/anvaka.png?size=50');
    expect(starIcon('github', 'anvaka')).toBe('https://github.com/anvaka.png?size=50');
    expect(starIcon('npm', 'react')).toBeUndefined();
  });
});

describe('presented node info (docs/rules.md#ecosystems)', () => {
  it('carries degrees, their labels, the link and (github) the icon', () => {
    expect(presentStarInfo('npm', { id: 7, name: 'left-pad', in: 1, out: 0 })).toEqual({
      id: 7,
      name: 'left-pad',
      inDegree: 1,
      outDegree: 0,
      inDegreeLabel: 'dependent',
      outDegreeLabel: 'dependencies',
      link: 'https://www.npmjs.com/package/left-pad',
    });
    const user = presentStarInfo('github', { id: 3, name: 'anvaka', in: 2, out: 1 });
    expect(user.icon).toBe('https://github.com/anvaka.png?size=50');
    expect(user.inDegreeLabel).toBe('followers');
    expect(user.outDegreeLabel).toBe('following');
  });

  it('the placeholder while no graph is loaded is named by the requested id with "?" degrees', () => {
    const placeholder = placeholderStar('npm', 42);
    expect(placeholder.name).toBe('42');
    expect(placeholder.id).toBe(42);
    expect(placeholder.inDegree).toBe('?');
    expect(placeholder.outDegree).toBe('?');
    expect(placeholder.inDegreeLabel).toBe('dependents');
  });
});
