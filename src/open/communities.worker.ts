/// <reference lib="webworker" />
import { findCommunities } from '../communities/findCommunities';
import { encodeCommunityStars } from '../communities/format';
import { LabelsScanner } from '../data/wire/labelsScanner';
import type { CommunitiesReply, CommunitiesRequest } from './communitiesProtocol';

declare const self: DedicatedWorkerGlobalScope;

/** Finds an imported graph's communities (the same Leiden as `galaxy communities`) off the page's thread. */
self.onmessage = (event: MessageEvent<CommunitiesRequest>) => {
  const { positions, links, labels, kind } = event.data;
  try {
    const starCount = Math.floor(positions.byteLength / 12);
    const found = findCommunities(
      {
        positions: new Int32Array(positions, 0, starCount * 3),
        links: new Int32Array(links, 0, Math.floor(links.byteLength / 4)),
        labels: () => {
          const scanner = new LabelsScanner();
          scanner.pushText(labels);
          return scanner.finish(starCount);
        },
        kind,
      },
      undefined,
      (level, count) => self.postMessage({ type: 'level', level, count } satisfies CommunitiesReply),
    );
    const stars = encodeCommunityStars(found.stars).buffer as ArrayBuffer;
    self.postMessage({ type: 'done', files: { stars, json: `${JSON.stringify(found.file)}\n` } } satisfies CommunitiesReply, [stars]);
  } catch (error) {
    self.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) } satisfies CommunitiesReply);
  }
};
