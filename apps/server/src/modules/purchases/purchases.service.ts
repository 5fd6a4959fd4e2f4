import {
  PURCHASE_MESSAGES,
  type PurchaseList,
  type PurchasePeriodQuery,
  purchaseAmountCents,
  type purchaseInputSchema,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { PurchaseRow, UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { parisDate } from '../../lib/paris-date.js';
import { assertProfessional } from '../users/professional-guard.js';
import { type PurchasePeriod, purchasePeriod } from './purchase-period.js';
import { checkedReceipt, receiptName } from './purchase-receipt.js';
import { byMonth, presentPurchase, presentTotals, totalsOf } from './purchases.presenter.js';
import {
  deletePurchase,
  findPurchase,
  findReceipt,
  insertPurchase,
  type PurchaseEntry,
  type PurchaseValues,
  purchasesBetween,
  setReceipt,
  updatePurchase,
} from './purchases.repo.js';

type PurchaseInput = z.output<typeof purchaseInputSchema>;

const purchaseNotFound = () => notFound(PURCHASE_MESSAGES.notFound);

/** A stored receipt, as served. */
export interface ReceiptFile {
  bytes: Buffer;
  contentType: NonNullable<PurchaseRow['receiptContentType']>;
  name: string;
}

/**
 * The purchases register (issue 18) of one professional: only its owner reads or changes a purchase;
 * anyone else's id is simply not found (404), like an unknown one.
 */
export class PurchasesService {
  constructor(private readonly ctx: AppContext) {}

  /** The period's purchases, their monthly totals and the period's (what GET /achats answers). */
  async list(user: UserRow, query: PurchasePeriodQuery): Promise<PurchaseList> {
    const { period, entries } = await this.entries(user, query);
    return {
      ...period,
      achats: entries.map(presentPurchase),
      mois: byMonth(entries).map((group) => ({
        mois: group.month,
        nombre: group.entries.length,
        ...presentTotals(totalsOf(group.entries)),
      })),
      totaux: presentTotals(totalsOf(entries)),
    };
  }

  /** The period and its purchases, for the list and the exports alike. */
  async entries(
    user: UserRow,
    query: PurchasePeriodQuery,
  ): Promise<{ period: PurchasePeriod; entries: PurchaseEntry[] }> {
    assertProfessional(user, 'tenir un registre des achats');
    const period = purchasePeriod(query, this.ctx.clock.now());
    return { period, entries: await purchasesBetween(this.ctx.db, user.id, period.debut, period.fin) };
  }

  async create(user: UserRow, input: PurchaseInput): Promise<PurchaseEntry> {
    assertProfessional(user, 'enregistrer un achat');
    return insertPurchase(this.ctx.db, user.id, this.values(input));
  }

  async update(user: UserRow, id: string, input: PurchaseInput): Promise<PurchaseEntry> {
    assertProfessional(user, 'modifier un achat');
    const values = this.values(input);
    const updated = isUuid(id) ? await updatePurchase(this.ctx.db, user.id, id, values) : undefined;
    if (!updated) throw purchaseNotFound();
    return updated;
  }

  async remove(user: UserRow, id: string): Promise<void> {
    assertProfessional(user, 'supprimer un achat');
    if (!isUuid(id) || !(await deletePurchase(this.ctx.db, user.id, id))) throw purchaseNotFound();
  }

  /** Attaches the receipt (replacing any): its type read from its bytes, its name cleaned. */
  async attachReceipt(
    user: UserRow,
    id: string,
    body: unknown,
    sentName: string | undefined,
  ): Promise<PurchaseEntry> {
    assertProfessional(user, 'joindre un justificatif');
    if (!isUuid(id)) throw purchaseNotFound();
    const { bytes, type } = checkedReceipt(body);
    const updated = await setReceipt(this.ctx.db, user.id, id, {
      bytes,
      contentType: type,
      name: receiptName(sentName, type),
    });
    if (!updated) throw purchaseNotFound();
    return updated;
  }

  async receipt(user: UserRow, id: string): Promise<ReceiptFile> {
    assertProfessional(user, 'consulter un justificatif');
    const row = isUuid(id) ? await findReceipt(this.ctx.db, user.id, id) : undefined;
    if (!row) throw purchaseNotFound();
    if (!row.receipt || !row.receiptContentType) throw notFound(PURCHASE_MESSAGES.receiptNotFound);
    return {
      bytes: row.receipt,
      contentType: row.receiptContentType,
      name: row.receiptName ?? 'justificatif',
    };
  }

  async removeReceipt(user: UserRow, id: string): Promise<PurchaseEntry> {
    assertProfessional(user, 'retirer un justificatif');
    const updated = isUuid(id) ? await setReceipt(this.ctx.db, user.id, id, null) : undefined;
    if (!updated) throw purchaseNotFound();
    return updated;
  }

  async get(user: UserRow, id: string): Promise<PurchaseEntry> {
    assertProfessional(user, 'consulter un achat');
    const found = isUuid(id) ? await findPurchase(this.ctx.db, user.id, id) : undefined;
    if (!found) throw purchaseNotFound();
    return found;
  }

  /**
   * The row's values from the typed ones: amounts in cents (French input), VAT within the total, and a
   * purchase already made (a register records what happened: no date after today in Paris).
   */
  private values(input: PurchaseInput): PurchaseValues {
    const ttc = purchaseAmountCents(input.montantTTC);
    if (ttc === null || ttc === 0) throw badRequest(PURCHASE_MESSAGES.amount);
    const vat = purchaseAmountCents(input.montantTVA);
    if (vat === null) throw badRequest(PURCHASE_MESSAGES.vat);
    if (vat > ttc) throw badRequest(PURCHASE_MESSAGES.vatAboveTotal);
    if (input.dateAchat > parisDate(this.ctx.clock.now())) throw badRequest(PURCHASE_MESSAGES.futureDate);
    return {
      datePurchase: input.dateAchat,
      supplier: input.fournisseur,
      description: input.description,
      amountTtcCents: ttc,
      vatCents: vat,
      paymentMethod: input.methode,
    };
  }
}
