import {
  EINVOICE_INFLATED_MAX_BYTES,
  EINVOICE_XML_MAX_DEPTH,
  EINVOICE_XML_MAX_ELEMENTS,
  hasUnstorableCharacter,
  SUPPLIER_INVOICE_MESSAGES,
} from '@facturo/shared';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../../lib/errors.js';

/**
 * An XML element as fast-xml-parser gives it with `isArray` on every element: its attributes (`@_name`,
 * namespace declarations included), its text (`#text`, or the whole value when it has no attribute) and
 * its children, each an array.
 */
export type XmlNode = string | { [key: string]: XmlNode[] | string };

export interface XmlDocument {
  /** The root element's local name (`CrossIndustryInvoice`, `Invoice`…). */
  rootName: string;
  /** The root element's namespace URI, resolved from its declarations: the prefix is the sender's choice. */
  rootNamespace: string | null;
  root: XmlNode;
}

const MALFORMED = 'Le fichier XML de la facture est mal formé.';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // The five XML entities and character references only: a DOCTYPE is refused before (no XXE, no
  // entity expansion), so nothing else can be declared.
  processEntities: true,
  htmlEntities: true,
  // Values stay strings: amounts are decimal strings turned into cents without floats.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  // Deeper than any invoice: the parser stops there (see parseXml).
  maxNestedTags: EINVOICE_XML_MAX_DEPTH,
});

const NESTING_EXCEEDED = 'Maximum nested tags exceeded';

/**
 * Parses an e-invoice's XML. A DOCTYPE is refused outright: no e-invoice format declares one, and it is
 * how entity expansion and external entities (XXE) get in. Malformed → 400 invalid_einvoice. What the
 * parse will cost is bounded before it starts: over 20 Mo → 413, over EINVOICE_XML_MAX_ELEMENTS elements
 * or EINVOICE_XML_MAX_DEPTH levels → 422 einvoice_too_complex.
 */
export function parseXml(text: string): XmlDocument {
  if (Buffer.byteLength(text, 'utf8') > EINVOICE_INFLATED_MAX_BYTES) {
    throw new AppError(413, 'decompressed_too_large', SUPPLIER_INVOICE_MESSAGES.inflatedTooLarge);
  }
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new AppError(400, 'invalid_einvoice', 'Le fichier XML déclare un DOCTYPE : refusé par sécurité.');
  }
  if (elementCount(text) > EINVOICE_XML_MAX_ELEMENTS) {
    throw new AppError(422, 'einvoice_too_complex', SUPPLIER_INVOICE_MESSAGES.tooManyElements);
  }
  if (XMLValidator.validate(text) !== true) throw new AppError(400, 'invalid_einvoice', MALFORMED);
  let parsed: Record<string, XmlNode[]>;
  try {
    parsed = parser.parse(text) as Record<string, XmlNode[]>;
  } catch (error) {
    if (error instanceof Error && error.message === NESTING_EXCEEDED) {
      throw new AppError(422, 'einvoice_too_complex', SUPPLIER_INVOICE_MESSAGES.tooDeep);
    }
    throw new AppError(400, 'invalid_einvoice', MALFORMED);
  }
  const rootKey = Object.keys(parsed).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  const root = rootKey ? parsed[rootKey]?.[0] : undefined;
  if (!rootKey || root === undefined) throw new AppError(400, 'invalid_einvoice', MALFORMED);
  const colon = rootKey.indexOf(':');
  const prefix = colon === -1 ? null : rootKey.slice(0, colon);
  const declaration = typeof root === 'string' ? undefined : root[prefix ? `@_xmlns:${prefix}` : '@_xmlns'];
  return {
    rootName: localName(rootKey),
    rootNamespace: typeof declaration === 'string' ? declaration : null,
    root,
  };
}

/**
 * At least the number of elements: every `<` that opens a tag (a name follows, not `/`, `?` or `!`).
 * A `<` in a comment or CDATA counts too, which only errs on the safe side.
 */
function elementCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const next = text.charCodeAt(at + 1);
    // '/' 0x2f, '!' 0x21, '?' 0x3f
    if (next !== 0x2f && next !== 0x21 && next !== 0x3f) count++;
  }
  return count;
}

function localName(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? key : key.slice(colon + 1);
}

/** The children named `name` (local name: CII's `ram:` and UBL's `cac:`/`cbc:` prefixes vary by sender). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string') return [];
  const found: XmlNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text' || !Array.isArray(value)) continue;
    if (localName(key) === name) found.push(...value);
  }
  return found;
}

/** The first element down a path of local names. */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) {
    current = children(current, name)[0];
    if (current === undefined) return undefined;
  }
  return current;
}

/** An element's text, null when absent or empty. */
export function text(node: XmlNode | undefined): string | null {
  if (node === undefined) return null;
  const value = typeof node === 'string' ? node : node['#text'];
  if (typeof value !== 'string') return null;
  // XML 1.0 has no U+0000, written or referenced (&#0;), and PostgreSQL cannot store it: refused here.
  if (hasUnstorableCharacter(value)) throw new AppError(400, 'invalid_einvoice', MALFORMED);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The text at a path, null when absent. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string | null {
  return text(at(node, ...path));
}

export function attribute(node: XmlNode | undefined, name: string): string | null {
  if (node === undefined || typeof node === 'string') return null;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : null;
}
