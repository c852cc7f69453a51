import { lineOfOffset } from './lines';
import { ImportError } from './types';

/** JSON.parse with the line of a syntax error in the message. */
export function parseJson(text: string, source?: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const lineMatch = /line (\d+)/.exec(message);
    const line = position ? lineOfOffset(text, Number(position[1])) : lineMatch ? Number(lineMatch[1]) : undefined;
    throw new ImportError(`not valid JSON: ${message}`, line, source);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
