export interface ParsedLabels {
  labels: string[];
  warnings: string[];
}

/** Thrown when a file cannot be used at all; the message is shown to the visitor as is. */
export class GalaxyDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GalaxyDataError';
  }
}

/**
 * Parses labels.json (an array of node names, index = node id) and fits it to `nodeCount`:
 * extra names are dropped, missing ones become the node's id, non-strings are converted.
 */
export function parseLabels(text: string, nodeCount: number): ParsedLabels {
  return fitLabels(parseLabelsJson(text), nodeCount);
}

/** The JSON half of parseLabels, which can run before the node count is known. */
export function parseLabelsJson(text: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new GalaxyDataError(`labels.json is not valid JSON (${reason})`);
  }
  if (!Array.isArray(parsed)) throw new GalaxyDataError('labels.json is not a JSON array of node names');
  return parsed;
}

/** Fits parsed names to `nodeCount`, reporting every repair. */
export function fitLabels(parsed: unknown[], nodeCount: number): ParsedLabels {
  const warnings: string[] = [];
  const labels = new Array<string>(nodeCount);
  let converted = 0;
  const kept = Math.min(parsed.length, nodeCount);
  for (let i = 0; i < kept; i++) {
    const value: unknown = parsed[i];
    if (typeof value === 'string') {
      labels[i] = value;
    } else {
      labels[i] = value === null || value === undefined ? String(i) : String(value);
      converted++;
    }
  }
  for (let i = kept; i < nodeCount; i++) labels[i] = String(i);

  const countWarning = labelCountWarning(parsed.length, nodeCount);
  if (countWarning) warnings.push(countWarning);
  if (converted > 0) warnings.push(`labels.json has ${converted} names that are not strings: they were converted to text`);
  return { labels, warnings };
}

/** The warning for a labels.json naming more or fewer nodes than positions.bin holds, if it does. */
export function labelCountWarning(count: number, nodeCount: number): string | undefined {
  if (count > nodeCount) {
    return `labels.json has ${count} names but positions.bin has ${nodeCount} nodes: the last ${count - nodeCount} names were ignored`;
  }
  if (count < nodeCount) {
    return `labels.json has ${count} names but positions.bin has ${nodeCount} nodes: ${nodeCount - count} nodes are named by their id`;
  }
  return undefined;
}
