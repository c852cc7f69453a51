import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../../src/data/fetch/parseManifest';
import { fetchGalaxyNames } from '../../../src/data/fetch/galaxyIndex';
import { galaxyNamesFromJson, manifestMetaFromJson, parseManifestText } from '../../../src/data/manifest';
import { readManifest, writeGalaxyVersion } from '../../../src/publish/galaxyFolder';

describe('manifest.json, read one way by the viewer, Home and the CLI', () => {
  it('fills last from all, and all from last', () => {
    expect(parseManifestText('{"all": ["a", "b"]}')).toEqual({ last: 'b', all: ['a', 'b'] });
    expect(parseManifestText('{"last": "v"}')).toEqual({ last: 'v', all: ['v'] });
  });

  it('tells the viewer what is wrong, naming the file', () => {
    expect(() => parseManifest('{', 'http://x/m.json')).toThrow('The manifest at http://x/m.json is not valid JSON');
    expect(() => parseManifest('[]', 'http://x/m.json')).toThrow('The manifest at http://x/m.json is not a JSON object');
    expect(() => parseManifest('{}', 'http://x/m.json')).toThrow('The manifest at http://x/m.json names no version ("last" is missing)');
  });

  it('keeps only well-typed meta, the same for the viewer and for Home', () => {
    const json = { last: 'v', meta: { title: 'T', description: 3, kind: 'npm', vantage: { host: 'h', asn: '6447' } } };
    const expected = { title: 'T', kind: 'npm', vantage: { host: 'h', asn: 6447 } };
    expect(parseManifestText(JSON.stringify(json)).meta).toEqual(expected);
    expect(manifestMetaFromJson(json)).toEqual(expected);
    expect(manifestMetaFromJson('nonsense')).toBeUndefined();
  });

  it('the CLI rewrites a manifest keeping the keys it does not know', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'galaxy-manifest-'));
    mkdirSync(path.join(root, 'g'));
    const file = path.join(root, 'g', 'manifest.json');
    writeFileSync(file, JSON.stringify({ all: ['v1'], last: 'v1', tiles: { depth: 3 }, meta: { title: 'T', extra: 1 } }));
    const files = { positions: new Uint8Array(12), links: new Uint8Array(0), labels: '["a"]' };
    writeGalaxyVersion(root, 'g', 'v2', files);
    const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({ all: ['v1', 'v2'], last: 'v2', tiles: { depth: 3 }, meta: { title: 'T', extra: 1 } });
    writeFileSync(file, '[1]');
    expect(() => readManifest(root, 'g')).toThrow(`${file} is not a galaxy manifest: it is not a JSON object`);
  });
});

describe('galaxies.json, read one way by Home and the galaxy screen', () => {
  it('lists names only when every entry is a string', () => {
    expect(galaxyNamesFromJson({ galaxies: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(galaxyNamesFromJson({ galaxies: ['a', 2] })).toBeUndefined();
    expect(galaxyNamesFromJson([])).toBeUndefined();
  });

  it('drops empty and repeated names and says which address failed', async () => {
    const answer = (body: string, status = 200) => async () => new Response(body, { status });
    expect(await fetchGalaxyNames('/data/', { fetch: answer('{"galaxies": ["a", "", "a", "b"]}') })).toEqual(['a', 'b']);
    await expect(fetchGalaxyNames('/data', { fetch: answer('', 404) })).rejects.toThrow('Unexpected status code 404 when calling /data/galaxies.json');
    await expect(fetchGalaxyNames('/data', { fetch: answer('{') })).rejects.toThrow('/data/galaxies.json is not valid JSON');
    await expect(fetchGalaxyNames('/data', { fetch: answer('{"galaxies": 1}') })).rejects.toThrow(
      '/data/galaxies.json does not list galaxies as {"galaxies": ["name", ...]}',
    );
    const offline = async () => {
      throw new TypeError('network');
    };
    await expect(fetchGalaxyNames('/data', { fetch: offline })).rejects.toThrow('Failed to download /data/galaxies.json');
  });
});
