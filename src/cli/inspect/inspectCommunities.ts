import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GraphData } from '../../data/graph';
import { checkCommunities, COMMUNITIES_BIN, COMMUNITIES_JSON, CommunitiesFormatError, decodeCommunityStars, parseCommunitiesJson, starMemberships } from '../../communities/format';
import { modularity } from '../../communities/modularity';
import { undirectedGraph } from '../../communities/weightedGraph';

export interface CommunitiesReport {
  /** Each level's community count and the modularity inspect computed from links.bin. */
  levels: { count: number; modularity: number }[];
  /** Every way the communities files disagree with themselves or the classic files; empty when valid. */
  problems: string[];
}

const MAX_PROBLEMS = 20;

export function hasCommunities(versionDir: string): boolean {
  return existsSync(path.join(versionDir, COMMUNITIES_BIN)) || existsSync(path.join(versionDir, COMMUNITIES_JSON));
}

/** Checks a version's communities files (docs/communities.md) and computes each level's modularity. */
export function inspectCommunities(versionDir: string, data: GraphData): CommunitiesReport {
  const report: CommunitiesReport = { levels: [], problems: [] };
  for (const file of [COMMUNITIES_BIN, COMMUNITIES_JSON]) {
    if (!existsSync(path.join(versionDir, file))) report.problems.push(`${file} is missing beside ${file === COMMUNITIES_BIN ? COMMUNITIES_JSON : COMMUNITIES_BIN}`);
  }
  if (report.problems.length > 0) return report;
  try {
    const file = parseCommunitiesJson(readFileSync(path.join(versionDir, COMMUNITIES_JSON), 'utf8'));
    const stars = decodeCommunityStars(readFileSync(path.join(versionDir, COMMUNITIES_BIN)));
    const problems = checkCommunities(file, stars, data.nodeCount);
    report.problems.push(...problems.slice(0, MAX_PROBLEMS));
    if (problems.length > MAX_PROBLEMS) report.problems.push('(more problems not listed)');
    if (problems.length > 0) return report;
    const graph = undirectedGraph(data.nodeCount, (visit) => {
      for (let v = 0; v < data.nodeCount; v++) for (let e = data.outOffsets[v]; e < data.outOffsets[v + 1]; e++) visit(v, data.outTargets[e]);
    });
    report.levels = starMemberships(file, stars).map((membership, l) => ({ count: file.levels[l].count, modularity: modularity(graph, membership) }));
  } catch (error) {
    if (!(error instanceof CommunitiesFormatError)) throw error;
    report.problems.push(error.message);
  }
  return report;
}
