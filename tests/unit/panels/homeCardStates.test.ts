import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeCards } from '../../../src/home/homeCards';
import { loadGalaxyMeta, MANIFEST_TIME_LIMIT_MS } from '../../../src/home/loadHomeGalaxies';

/** A fetch whose manifests answer at once, except the names in `silent`, which never answer. */
function hostWithSilent(silent: string[], status = 200) {
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (silent.some((name) => url.includes(`/${name}/`))) {
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    return Promise.resolve(new Response(JSON.stringify({ last: 'v1', all: ['v1'], meta: { title: `Title of ${url}` } }), { status }));
  }) as typeof fetch;
}

afterEach(() => vi.useRealTimers());

describe('Home cards fill in one by one', () => {
  it('a silent manifest does not hold back the others, and is unreachable after the time limit', async () => {
    vi.useFakeTimers();
    const fetch = hostWithSilent(['slow']);
    const fast = await loadGalaxyMeta('/data', 'fast', { fetch });
    expect(fast).toEqual({ name: 'fast', status: 'loaded', meta: { title: 'Title of /data/fast/manifest.json' } });

    let slow: unknown;
    void loadGalaxyMeta('/data', 'slow', { fetch }).then((value) => (slow = value));
    await vi.advanceTimersByTimeAsync(MANIFEST_TIME_LIMIT_MS - 1);
    expect(slow).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(slow).toEqual({ name: 'slow', status: 'unreachable', problem: 'No answer from its host within 10 seconds' });
  });

  it('says what failed for a manifest that answers with an error or cannot be downloaded', async () => {
    expect(await loadGalaxyMeta('/data', 'gone', { fetch: hostWithSilent([], 404) })).toEqual({
      name: 'gone',
      status: 'unreachable',
      problem: 'Its manifest answered with status 404',
    });
    const offline = (() => Promise.reject(new TypeError('network down'))) as typeof fetch;
    expect(await loadGalaxyMeta('/data', 'off', { fetch: offline })).toEqual({
      name: 'off',
      status: 'unreachable',
      problem: 'Its manifest could not be downloaded',
    });
  });

  it('stops waiting when Home is left', async () => {
    const controller = new AbortController();
    const pending = loadGalaxyMeta('/data', 'slow', { fetch: hostWithSilent(['slow']), signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('turns each state into what its card shows', () => {
    const { galaxies } = homeCards(
      [
        { name: 'a', status: 'loading' },
        { name: 'b', status: 'loaded', meta: { title: 'Bee' } },
        { name: 'c', status: 'unreachable', problem: 'No answer from its host within 10 seconds' },
      ],
      '/data',
    );
    expect(galaxies.map(({ name, title, loading, unreachable }) => ({ name, title, loading, unreachable }))).toEqual([
      { name: 'a', title: 'a', loading: true, unreachable: undefined },
      { name: 'b', title: 'Bee', loading: undefined, unreachable: undefined },
      { name: 'c', title: 'c', loading: undefined, unreachable: 'No answer from its host within 10 seconds' },
    ]);
  });
});
