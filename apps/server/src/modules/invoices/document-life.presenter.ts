import {
  type DocumentLife,
  documentLife,
  type InvoiceType,
  type IssuerStatus,
  type LifeSide,
} from '@facturo/shared';
import type { StoredLife } from './invoice-list.repo.js';

/** What an invoice row holds that its life is derived from (the detail's row or a list's). */
export interface LifeRow {
  type: InvoiceType;
  issuerStatus: string;
  totalTtcCents: number;
  prepaidCents: number;
  paidCents: number;
  dateEcheance: string;
}

/** No day given (quotes, data exports): nothing is late. */
const BEFORE_ANY_DUE_DATE = '0001-01-01';

/** The reader's side's life of an invoice row (packages/shared documentLife). */
export function lifeOfRow(
  row: LifeRow,
  life: StoredLife,
  creditedCents: number,
  side: LifeSide,
  today: string | null,
): DocumentLife {
  return documentLife(
    {
      type: row.type,
      statutEmetteur: row.issuerStatus as IssuerStatus,
      totalTtcCents: row.totalTtcCents,
      prepaidCents: row.prepaidCents,
      paidCents: row.paidCents,
      creditedCents,
      dateEcheance: row.dateEcheance,
      ...life,
    },
    side,
    today ?? BEFORE_ANY_DUE_DATE,
  );
}

/** The stored life of a drizzle invoice row (Date columns). */
export function storedLifeOf(invoice: {
  issuedAt: Date | null;
  channel: StoredLife['channel'];
  viewedAt: Date | null;
  dispute: StoredLife['dispute'];
  declaredCents: number;
}): StoredLife {
  return {
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
    channel: invoice.channel,
    viewedAt: invoice.viewedAt?.toISOString() ?? null,
    dispute: invoice.dispute,
    declaredCents: invoice.declaredCents,
  };
}
