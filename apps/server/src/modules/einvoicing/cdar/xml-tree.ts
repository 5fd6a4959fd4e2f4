import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A namespace-aware reading of an untrusted XML message: elements are named by namespace URI and local
 * name, never by prefix (another solution may write `cdar:` or a default namespace where Facturo writes
 * `rsm:`). fast-xml-parser does the tokenising; the namespaces, and the entities, are resolved here.
 *
 * Hostile input: a DOCTYPE is refused outright (no DTD, so no entity expansion, internal or external: XXE
 * and « billion laughs » have nothing to work with), only the five predefined entities and character
 * references are decoded, and the size is capped before anything is parsed.
 */
export interface XmlElement {
  ns: string | null;
  local: string;
  /** By local name; namespace declarations left out. */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, trimmed. */
  text: string;
}

export class XmlReadError extends Error {}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
  trimValues: false,
  // A CDAR nests about eight levels; the cap also bounds the recursion of toElement below.
  maxNestedTags: 32,
});

export function readXml(input: string, maxBytes: number): XmlElement {
  if (Buffer.byteLength(input, 'utf8') > maxBytes) throw new XmlReadError('too large');
  // A byte order mark, as some platforms write one, is no part of the document.
  const xml = input.startsWith('\uFEFF') ? input.slice(1) : input;
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new XmlReadError('doctype');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new XmlReadError(valid.err.msg);
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(xml) as OrderedNode[];
  } catch (error) {
    // The parser's own limits (nesting…) throw plain errors: they are the input's fault, not the server's.
    throw new XmlReadError(error instanceof Error ? error.message : 'unreadable');
  }
  const roots = nodes.filter((node) => elementName(node) !== null);
  const root = roots[0];
  if (roots.length !== 1 || !root) throw new XmlReadError('one root element expected');
  return toElement(root, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]));
}

function elementName(node: OrderedNode): string | null {
  return Object.keys(node).find((key) => key !== ':@' && key !== '#text' && key !== '#cdata') ?? null;
}

function toElement(node: OrderedNode, inherited: Map<string, string>): XmlElement {
  const name = elementName(node) as string;
  const rawAttrs = node[':@'] ?? {};
  const scope = new Map(inherited);
  for (const [attr, value] of Object.entries(rawAttrs)) {
    if (attr === 'xmlns') scope.set('', decodeEntities(value));
    else if (attr.startsWith('xmlns:')) scope.set(attr.slice(6), decodeEntities(value));
  }
  const attrs: Record<string, string> = {};
  for (const [attr, value] of Object.entries(rawAttrs)) {
    if (attr === 'xmlns' || attr.startsWith('xmlns:')) continue;
    attrs[localName(attr)] = decodeEntities(value);
  }
  const prefix = name.includes(':') ? name.slice(0, name.indexOf(':')) : '';
  const ns = scope.get(prefix);
  if (prefix !== '' && ns === undefined) throw new XmlReadError(`undeclared prefix ${prefix}`);
  const children: XmlElement[] = [];
  let text = '';
  for (const child of (node[name] as OrderedNode[] | undefined) ?? []) {
    if (typeof child['#text'] === 'string') text += decodeEntities(child['#text']);
    else if (Array.isArray(child['#cdata'])) text += cdataText(child['#cdata'] as OrderedNode[]);
    else if (elementName(child) !== null) children.push(toElement(child, scope));
  }
  return { ns: ns === '' ? null : (ns ?? null), local: localName(name), attrs, children, text: text.trim() };
}

function cdataText(nodes: OrderedNode[]): string {
  return nodes.map((n) => (typeof n['#text'] === 'string' ? n['#text'] : '')).join('');
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new XmlReadError('bare ampersand');
    const predefined = PREDEFINED[ref];
    if (predefined !== undefined) return predefined;
    const code = ref.startsWith('#x')
      ? Number.parseInt(ref.slice(2), 16)
      : ref.startsWith('#')
        ? Number(ref.slice(1))
        : Number.NaN;
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff)
      throw new XmlReadError(`unknown entity ${ref}`);
    return String.fromCodePoint(code);
  });
}

/** The children named (namespace URI, local name). */
export function childrenOf(element: XmlElement | undefined, ns: string, local: string): XmlElement[] {
  return element?.children.filter((child) => child.ns === ns && child.local === local) ?? [];
}

export function childOf(element: XmlElement | undefined, ns: string, local: string): XmlElement | undefined {
  return childrenOf(element, ns, local)[0];
}

/** Follows a path of local names in one namespace. */
export function pathOf(
  element: XmlElement | undefined,
  ns: string,
  ...locals: string[]
): XmlElement | undefined {
  let current = element;
  for (const local of locals) current = childOf(current, ns, local);
  return current;
}
