import type { ClientListQuery, clientInputSchema } from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { ClientRow, UserRow } from '../../db/schema.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { type Page, pageOf, readCursor } from '../../lib/keyset-page.js';
import { assertClientQuota } from '../subscription/quotas.js';
import { assertProfessional } from '../users/professional-guard.js';
import { clientTypeFor } from './client-identity.js';
import {
  type ClientValues,
  clientPage,
  countClients,
  deleteClient,
  findClient,
  hasInvoices,
  insertClient,
  updateClient,
} from './clients.repo.js';

type ClientInput = z.output<typeof clientInputSchema>;

const emailTaken = () =>
  new AppError(
    409,
    'client_email_taken',
    'Un client avec cette adresse email existe déjà dans votre répertoire.',
  );
const clientNotFound = () => notFound('Client introuvable.');

/** The row of a client: its address spread into columns (`pays` is already the ISO code), its type decided. */
function toValues(input: ClientInput): ClientValues {
  const { adresse, ...identity } = input;
  return { ...identity, ...adresse, type: clientTypeFor(input) };
}

/** The client directory of one professional; another owner's client is simply not found. */
export class ClientsService {
  constructor(private readonly ctx: AppContext) {}

  /** A page of the directory (issue 16), by name. */
  async page(user: UserRow, query: ClientListQuery): Promise<Page<ClientRow>> {
    assertProfessional(user, 'gérer des clients');
    const after = readCursor('clients', query.cursor, ['text', 'instant', 'uuid'] as const);
    const filters = { ownerId: user.id, type: query.type, q: query.q };
    const [rows, total] = await Promise.all([
      clientPage(this.ctx.db, filters, after, query.limit + 1),
      countClients(this.ctx.db, filters),
    ]);
    const page = pageOf(rows, { limit: query.limit, total, list: 'clients', keyOf: (row) => row.key });
    return { ...page, items: page.items.map((row) => row.client) };
  }

  async get(user: UserRow, id: string): Promise<ClientRow> {
    assertProfessional(user, 'gérer des clients');
    const client = isUuid(id) ? await findClient(this.ctx.db, user.id, id) : undefined;
    if (!client) throw clientNotFound();
    return client;
  }

  async create(user: UserRow, input: ClientInput): Promise<ClientRow> {
    assertProfessional(user, 'créer un client');
    return this.ctx.db.transaction(async (tx) => {
      await assertClientQuota(tx, user);
      const created = await insertClient(tx, user.id, toValues(input));
      if (!created) throw emailTaken();
      return created;
    });
  }

  async update(user: UserRow, id: string, input: ClientInput): Promise<ClientRow> {
    assertProfessional(user, 'modifier un client');
    if (!isUuid(id)) throw clientNotFound();
    try {
      const updated = await updateClient(this.ctx.db, user.id, id, toValues(input));
      if (!updated) throw clientNotFound();
      return updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async remove(user: UserRow, id: string): Promise<void> {
    assertProfessional(user, 'supprimer un client');
    try {
      if (!isUuid(id) || !(await deleteClient(this.ctx.db, user.id, id))) throw clientNotFound();
    } catch (error) {
      // Invoices keep their client (the register of issued invoices must stay whole), and so do quotes.
      if (isForeignKeyViolation(error)) {
        if (await hasInvoices(this.ctx.db, user.id, id)) {
          throw new AppError(
            409,
            'client_has_invoices',
            'Ce client a des factures : il ne peut pas être supprimé. Ses factures restent dans votre registre.',
          );
        }
        throw new AppError(
          409,
          'client_has_quotes',
          'Ce client a des devis : il ne peut pas être supprimé. Supprimez d’abord ses devis jamais envoyés.',
        );
      }
      throw error;
    }
  }
}
