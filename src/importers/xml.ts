import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ImportError } from './types';

export type XmlElement = { [key: string]: XmlValue };
export type XmlValue = string | number | boolean | XmlElement | XmlElement[] | undefined;

/** Parses XML with attributes as plain keys; elements named in `lists` always come back as arrays. */
export function parseXml(text: string, lists: string[], source?: string): XmlElement {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new ImportError(`not well-formed XML: ${valid.err.msg}`, valid.err.line, source);
  const listed = new Set(lists);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    processEntities: true,
    removeNSPrefix: true,
    isArray: (name, _path, _isLeaf, isAttribute) => !isAttribute && listed.has(name),
  });
  return parser.parse(text) as XmlElement;
}

export function child(element: XmlValue, name: string): XmlElement | undefined {
  if (!element || typeof element !== 'object' || Array.isArray(element)) return undefined;
  const value = element[name];
  if (Array.isArray(value)) return value[0];
  return value && typeof value === 'object' ? value : undefined;
}

export function children(element: XmlValue, name: string): XmlElement[] {
  if (!element || typeof element !== 'object' || Array.isArray(element)) return [];
  const value = element[name];
  if (Array.isArray(value)) return value;
  return value && typeof value === 'object' ? [value] : [];
}

export function attribute(element: XmlElement, name: string): string | undefined {
  const value = element[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Text content of an element parsed with parseTagValue off: a string, or `#text` beside attributes. */
export function text(element: XmlValue): string | undefined {
  if (typeof element === 'string') return element;
  if (element && typeof element === 'object' && !Array.isArray(element)) return attribute(element, '#text');
  return undefined;
}

/**
 * The local name of an XML document's root element, found past the prolog (declaration, comments,
 * processing instructions, a DOCTYPE with its internal subset) however long that is; undefined when
 * `head` ends before it.
 */
export function rootElementName(head: string): string | undefined {
  let at = 0;
  for (;;) {
    at = head.indexOf('<', at);
    if (at < 0) return undefined;
    /** Index of the last character of what starts at `at`, or -1 when `head` ends first. */
    const after = (close: string, from: number): number => {
      const found = head.indexOf(close, from);
      return found < 0 ? -1 : found + close.length - 1;
    };
    let end: number;
    if (head.startsWith('<?', at)) end = after('?>', at + 2);
    else if (head.startsWith('<!--', at)) end = after('-->', at + 4);
    else if (head.startsWith('<!', at)) {
      const close = head.indexOf('>', at);
      const subset = head.indexOf('[', at);
      const inSubset = subset >= 0 && (close < 0 || subset < close);
      const subsetEnd = inSubset ? head.indexOf(']', subset) : -1;
      end = !inSubset ? close : subsetEnd < 0 ? -1 : head.indexOf('>', subsetEnd);
    } else {
      const match = /^<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(head.slice(at, at + 256));
      return match?.[1];
    }
    if (end < 0) return undefined;
    at = end + 1;
  }
}
