import type { TestApp } from './harness.js';

/** POST /factures: a one-line invoice to `clientId` (`prixUnitaire` € HT, at 0 %, due in 30 days). */
export const createOneLineInvoice = (t: TestApp, token: string, clientId: string, prixUnitaire = 100) =>
  t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: clientId,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire }],
      tauxTVA: 0,
    },
  });

/** The issuer marks an invoice sent (PUT …/statut-emetteur), as after sending it outside the platform. */
export const markInvoiceSent = (t: TestApp, token: string, id: string) =>
  t.request({
    method: 'PUT',
    url: `/api/factures/${id}/statut-emetteur`,
    token,
    body: { statutEmetteur: 'envoyee' },
  });

/** POST /factures/{id}/avoir (issue 15): a credit note, full without `lignes`. */
export const creditInvoice = (t: TestApp, token: string, id: string, body: object) =>
  t.request({ method: 'POST', url: `/api/factures/${id}/avoir`, token, body });
