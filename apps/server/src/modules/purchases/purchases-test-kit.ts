import type { Purchase, PurchaseInput } from '@facturo/shared';
import type { LightMyRequestResponse } from 'fastify';
import { randomIp, type TestApp } from '../../test/harness.js';

/* Helpers of the purchases tests: a purchase made over HTTP, a raw receipt upload, a CSV read back. */

export const purchaseBody = (overrides: Partial<PurchaseInput> = {}): PurchaseInput => ({
  dateAchat: '2026-03-09',
  fournisseur: 'Grossiste Durand',
  description: 'Bougies (lot de 50)',
  montantTTC: '120,00',
  montantTVA: '20,00',
  methode: 'carte',
  ...overrides,
});

export async function createPurchase(
  t: TestApp,
  token: string,
  overrides: Partial<PurchaseInput> = {},
): Promise<Purchase> {
  const res = await t.request({ method: 'POST', url: '/api/achats', token, body: purchaseBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`achat non créé : ${res.statusCode} ${res.body}`);
  return res.json<Purchase>();
}

/** PUT of the receipt as the web sends it: the raw file, its declared type, its name percent-encoded. */
export function uploadReceipt(
  t: TestApp,
  token: string,
  id: string,
  bytes: Buffer,
  { contentType = 'application/octet-stream', name }: { contentType?: string; name?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `/api/achats/${id}/justificatif`,
    payload: bytes,
    headers: {
      'content-type': contentType,
      authorization: `Bearer ${token}`,
      ...(name === undefined ? {} : { 'x-nom-fichier': encodeURIComponent(name) }),
    },
    remoteAddress: randomIp(),
  });
}

/** The smallest files of each kind: their signatures are all that the server reads. */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);
export const SAMPLE_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-and-the-rest'),
]);
export const SAMPLE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF')]);
/** A Windows program (MZ header), whatever it is called or claims to be. */
export const SAMPLE_EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0')]);

/**
 * Reads the CSV as a French spreadsheet does: UTF-8 after its BOM, `;` between fields, CRLF between
 * records, "…" quoting with doubled quotes (and `;` or line breaks inside quotes kept).
 */
export function readFrenchCsv(file: Buffer): { bom: boolean; rows: string[][] } {
  const text = file.toString('utf8');
  const bom = text.startsWith('\uFEFF');
  const body = bom ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return { bom, rows };
}

/** « 1234,56 » as the spreadsheet reads it in a French locale → cents. */
export const frenchNumberCents = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
