import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../../src/data/fetch/parseManifest';
import { versionFileUrl } from '../../../src/data/fetch/galaxyUrls';

const at = 'http://127.0.0.1/data/x/manifest.json';
const manifestWith = (endpoint: string) => JSON.stringify({ last: 'v1', all: ['v1'], endpoint });

describe('manifest endpoint', () => {
  it.each(['https://cdn.example.org/data', 'http://127.0.0.1:8080/', '//cdn.example.org/data', '/mirror/data', 'mirror/data', '../other'])(
    'accepts %j and reads version files from it',
    (endpoint) => {
      const manifest = parseManifest(manifestWith(endpoint), at);
      expect(manifest.endpoint).toBe(endpoint);
      expect(versionFileUrl('http://127.0.0.1/data/', manifest, 'x', 'v1', 'positions.bin')).toMatch(/^https?:\/\/.+\/x\/v1\/positions\.bin$/);
    },
  );

  it.each(['http://[::1', 'javascript:alert(1)', 'data:text/plain,x', 'file:///etc', 'ftp://example.org/', 'https://exa mple.org:99999/'])(
    'refuses %j with a message naming the manifest',
    (endpoint) => {
      expect(() => parseManifest(manifestWith(endpoint), at)).toThrow(
        `The manifest at ${at} names the endpoint "${endpoint}", which is not an http(s) address, a protocol-relative address (//host/path) or a path`,
      );
    },
  );
});
