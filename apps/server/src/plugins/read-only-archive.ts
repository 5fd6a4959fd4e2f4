/**
 * What a closed account's read-only session reaches (closed-account.ts): its invoices (issued and
 * received, with their PDFs and payments), the books (receipts, purchases, FEC), the journal and its
 * verification, the yearly archives, its own profile — and the immediate erasure of the archive. Route
 * patterns as Fastify registers them, without the /api prefix.
 */
const READABLE = new Set([
  '/users/me',
  '/factures',
  '/factures/totaux',
  '/factures/received',
  '/factures/received/totaux',
  '/factures/:id',
  '/factures/:id/pdf',
  '/factures/:id/paiements',
  // What the invoice page reads beside it: what may change (nothing, here), its platform timeline, its reminders.
  '/factures/:id/statuts',
  '/factures/:id/cycle-de-vie',
  '/factures/:id/relances',
  '/registre-numeros',
  '/registre-numeros.csv',
  '/livre-recettes',
  '/achats',
  '/achats/export',
  '/achats/:id/justificatif',
  '/factures-fournisseurs',
  '/factures-fournisseurs/:id',
  '/factures-fournisseurs/:id/original',
  '/fec',
  '/journal/verification',
  '/journal/sceaux',
  '/journal/sceaux/:periode',
  '/archives',
  '/archives/:id',
  '/archives/:id/telechargement',
  '/export/factures',
  '/export/user-data',
  // The invoice list's « Exporter » (its issued and received invoices as JSON).
  '/export-factures-rgpd',
  // The app's live stream and the frame's counters: nothing comes on them, but refusing them would put an
  // error on every page of the archive.
  '/events',
  '/notifications/count',
  '/messages/unread-count',
]);

/** The one write allowed: « Supprimer définitivement ». */
const ERASURE = '/users/me/archive';

export function readOnlyArchiveAllows(method: string, routeUrl: string | undefined): boolean {
  const route = (routeUrl ?? '').replace(/^\/api(?=\/)/, '');
  if (method === 'GET' || method === 'HEAD') return READABLE.has(route);
  return method === 'DELETE' && route === ERASURE;
}
