import { createHash } from 'node:crypto';
import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * Inline scripts the browser checks against script-src. Only JSON data blocks (the FAQ's JSON-LD) are
 * left out: browsers never run them, so no CSP applies. Everything else counts, including an import map
 * or speculation rules, which are governed by script-src too.
 */
function isGovernedInlineScript(element: Element): boolean {
  if (element.tagName !== 'script' || element.attrs.some((a) => a.name === 'src')) return false;
  const type = (element.attrs.find((a) => a.name === 'type')?.value ?? '').trim().toLowerCase();
  return !type.endsWith('json');
}

function* elements(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
}

function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

/** `'sha256-…'` of each inline script of the page, in the form script-src takes them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const element of elements(parse(html))) {
    if (!isGovernedInlineScript(element)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(textOf(element), 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy of one HTML page: scripts only from this origin or one of the page's own inline scripts
 * (by hash, so an injected script never runs and the session token in localStorage stays out of reach),
 * nothing from elsewhere, never framed.
 *
 * Styles allow 'unsafe-inline': the prerendered pages carry style attributes (the carousel's position)
 * and the libraries insert <style> elements whose text changes at run time (Radix's scroll lock writes
 * the scrollbar width, sonner its stylesheet), which no hash can cover; a hash would also switch
 * 'unsafe-inline' off. An injected style can restyle a page but not run code nor read the token.
 */
export function pageContentSecurityPolicy(html: string, https: boolean): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // Every image is a file of the build (favicon, icons, Open Graph image); icons are inline SVG.
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}
