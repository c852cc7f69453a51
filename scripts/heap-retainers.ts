// Sums what a V8 heap snapshot holds by retainer path: `npx tsx scripts/heap-retainers.ts <file.heapsnapshot>`.
// Array buffers' bytes and strings are grouped by the first seven objects that retain them (array
// indices folded), which names the owner in minified code by its property names (e.g. `.held <- .outLinks`).
import { readFileSync } from 'node:fs';

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const file = process.argv[2];
if (!file) throw new Error('Usage: npx tsx scripts/heap-retainers.ts <file.heapsnapshot>');
const { snapshot, nodes, edges, strings } = JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot;
const { meta } = snapshot;
const nodeFields = meta.node_fields.length;
const edgeFields = meta.edge_fields.length;
const [typeField, nameField, selfField, edgeCountField] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f));
const [edgeTypeField, edgeNameField, edgeToField] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f));
const count = nodes.length / nodeFields;

const typeOf = (node: number) => meta.node_types[0][nodes[node * nodeFields + typeField]];
const nameOf = (node: number) => strings[nodes[node * nodeFields + nameField]];
const selfOf = (node: number) => nodes[node * nodeFields + selfField];

const retainers: [number, string][][] = Array.from({ length: count }, () => []);
for (let node = 0, edge = 0; node < count; node++) {
  for (let end = edge + nodes[node * nodeFields + edgeCountField] * edgeFields; edge < end; edge += edgeFields) {
    const type = meta.edge_types[0][edges[edge + edgeTypeField]];
    if (type === 'weak') continue;
    const name = type === 'element' || type === 'hidden' ? '#' : strings[edges[edge + edgeNameField]];
    retainers[edges[edge + edgeToField] / nodeFields].push([node, name]);
  }
}

function retainerPath(node: number, depth = 7): string {
  const steps: string[] = [];
  const seen = new Set<number>([node]);
  for (let current = node; steps.length < depth; ) {
    const next = retainers[current].find(([from]) => !seen.has(from) && typeOf(from) !== 'synthetic');
    if (!next) break;
    const [from, edgeName] = next;
    seen.add(from);
    steps.push(`${nameOf(from).slice(0, 40).replace(/\d+/g, '#')}.${edgeName}`);
    current = from;
  }
  return steps.join(' <- ');
}

const groups = new Map<string, { nodes: number; bytes: number }>();
let total = 0;
for (let node = 0; node < count; node++) {
  total += selfOf(node);
  const isString = typeOf(node) === 'string';
  if (!isString && !nameOf(node).includes('JSArrayBufferData')) continue;
  const key = `${isString ? 'strings' : 'array buffers'}: ${retainerPath(node)}`;
  const group = groups.get(key) ?? { nodes: 0, bytes: 0 };
  group.nodes++;
  group.bytes += selfOf(node);
  groups.set(key, group);
}
console.log(`${(total / 2 ** 20).toFixed(1)} MB in the snapshot`);
for (const [key, group] of [...groups].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 25)) {
  console.log(`${(group.bytes / 2 ** 20).toFixed(2)} MB in ${group.nodes}  ${key}`);
}
