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
    const offset = position ? Number(position[1]) : offsetFromContext(text, message);
    const line = offset !== undefined ? lineOfOffset(text, offset) : lineMatch ? Number(lineMatch[1]) : undefined;
    throw new ImportError(`not valid JSON: ${message}`, line, source);
  }
}

/**
 * Newer V8 reports `Unexpected token 'x', ..."some context"... is not valid JSON` instead of a
 * position; the context holds 10 characters either side of the error, so find it in the text.
 */
function offsetFromContext(text: string, message: string): number | undefined {
  const match = /"(\.\.\.)?([\s\S]*?)(\.\.\.)?" is not valid JSON/.exec(message);
  if (!match) return undefined;
  const [, before, context, after] = match;
  const at = text.indexOf(context);
  if (at < 0) return undefined;
  if (before) return at + 10;
  if (after) return at + Math.max(0, context.length - 10);
  const token = /Unexpected token '(.)'/.exec(message)?.[1];
  return token === undefined ? undefined : at + Math.max(0, context.lastIndexOf(token));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
