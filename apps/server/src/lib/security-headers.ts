import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Powerful browser features the app never uses, denied to the page and to anything it could embed,
 * so that an injected script could not reach them either. Only names Chromium knows: an unknown one
 * is reported as an error in the console.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export function isHttps(appUrl: string): boolean {
  return new URL(appUrl).protocol === 'https:';
}

/**
 * The security headers of every answer (helmet). The CSP set here is the API's; web-app.ts replaces it
 * on each HTML page with that page's own policy (lib/page-csp.ts). HSTS only when the public address is
 * https: sent over plain http it would be ignored, and on localhost it would pin https for every port.
 */
export async function installSecurityHeaders(app: FastifyInstance, appUrl: string): Promise<void> {
  await app.register(fastifyHelmet, {
    // What an answer that is not a page (API JSON, files) may do once in a browser: nothing.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity: isHttps(appUrl) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Origin-Agent-Cluster would put each origin in a process of its own: measured in Lighthouse (same build,
    // interleaved runs), it cost the public pages about 150 ms of blocking time and 4 points, for no
    // protection the CSP and COOP do not already give.
    originAgentCluster: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isSubresource(reply.getHeader('content-type'))) {
      for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    }
    return payload;
  });
}

/**
 * Headers a browser reads only on a document (a page, or a file opened as one). Scripts, stylesheets,
 * fonts and raster images never become documents, so on them these would only be bytes: some 450 per
 * file, about 14 kB on a public page's 30 requests over a slow mobile link. nosniff (which makes the
 * browser refuse a script or stylesheet with the wrong type), CORP and the referrer policy stay. SVG can
 * hold scripts when opened, JSON is shown as a document: both keep every header.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-dns-prefetch-control',
];

const SUBRESOURCE_TYPES =
  /^(text\/javascript|application\/javascript|text\/css|font\/|image\/(png|jpeg|webp|avif|x-icon|vnd\.microsoft\.icon))/i;

function isSubresource(contentType: unknown): boolean {
  return typeof contentType === 'string' && SUBRESOURCE_TYPES.test(contentType);
}
