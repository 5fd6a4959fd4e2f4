import { type CounterpartState, SUPPORT_DISPLAY_NAME } from '@facturo/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { containsFolded } from '../../lib/text-search.js';
import { counterpartStateSql, readCounterpartState } from '../account/counterpart.presenter.js';
import { asDate } from './messaging.repo.js';

/** At most this many conversations in the list; the search reaches the others. */
export const CONVERSATION_LIST_MAX = 200;

/** One conversation as its reader sees it: the other side, the last message, their unread count. */
export interface ConversationView {
  id: string;
  kind: 'support' | 'facture';
  invoiceId: string | null;
  numero: string | null;
  lastActivityAt: Date;
  /** Whether the reader is support here (an admin in someone else's support conversation). */
  readerIsSupport: boolean;
  /** The other side: the user, the other party, or the last admin who answered (null: none yet). */
  otherId: string | null;
  otherPrenom: string;
  otherNom: string;
  /** An invoice conversation's other party: closed or suspended accounts cannot be written to. */
  otherState: CounterpartState;
  /** The user's plan, for an admin answering as support. */
  userPlan: string | null;
  lastContenu: string | null;
  nonLus: number;
}

/**
 * The reader's conversations, most recent activity first: their support conversation and their invoices'
 * ones, and for an admin every support conversation of an open account. `q` looks in the other side's
 * name, the subject and the messages' text.
 */
export async function listConversationViews(
  db: DbOrTx,
  reader: Pick<UserRow, 'id' | 'isAdmin'>,
  { q, id }: { q?: string; id?: string } = {},
): Promise<ConversationView[]> {
  const me = reader.id;
  const visible = sql`((c.kind = 'support' and c.user_id = ${me})
    or (c.kind = 'facture' and (c.issuer_id = ${me} or c.recipient_id = ${me}))
    ${reader.isAdmin ? sql`or (c.kind = 'support' and cu.deleted_at is null)` : sql``})`;
  const asSupport = sql`(c.kind = 'support' and c.user_id <> ${me})`;
  // The other side's messages, per conversation, as otherSideMessages says for one.
  const theirs = sql`(case when c.kind = 'support' then
      (case when c.user_id = ${me} then m.from_support else not m.from_support end)
    else m.sender_id <> ${me} end)`;
  const otherPrenom = sql`(case when c.kind = 'support' and c.user_id = ${me} then coalesce(sa.prenom, '')
    when c.kind = 'support' then cu.prenom
    when c.issuer_id = ${me} then coalesce(rec.prenom, '') else coalesce(iss.prenom, '') end)`;
  const otherNom = sql`(case when c.kind = 'support' and c.user_id = ${me} then ${SUPPORT_DISPLAY_NAME}
    when c.kind = 'support' then cu.nom
    when c.issuer_id = ${me} then coalesce(rec.nom, '') else coalesce(iss.nom, '') end)`;
  const filters: SQL[] = [visible];
  if (id) filters.push(sql`c.id = ${id}`);
  if (q) {
    const names = sql`(${otherPrenom} || ' ' || ${otherNom} || ' ' || coalesce(i.numero, 'Support'))`;
    filters.push(sql`(${containsFolded(names, q)}
      or exists (select 1 from messages m where m.conversation_id = c.id and m.sender_id is not null
        and ${containsFolded(sql`m.contenu`, q)}))`);
  }
  const result = await db.execute(sql`
    select c.id, c.kind, c.invoice_id, i.numero, c.last_activity_at,
      ${asSupport} as reader_is_support,
      (case when c.kind = 'support' and c.user_id = ${me} then sa.id
        when c.kind = 'support' then c.user_id
        when c.issuer_id = ${me} then c.recipient_id else c.issuer_id end) as other_id,
      ${otherPrenom} as other_prenom, ${otherNom} as other_nom,
      (case when c.kind <> 'facture' then 'actif'
        when c.issuer_id = ${me} then ${counterpartStateSql(sql`rec`)}
        else ${counterpartStateSql(sql`iss`)} end) as other_state,
      (case when ${asSupport} then cu.plan else null end) as user_plan,
      (select m.contenu from messages m where m.conversation_id = c.id and m.sender_id is not null
        and m.contenu <> '' order by m.created_at desc, m.id desc limit 1) as last_contenu,
      (select count(*)::int from messages m where m.conversation_id = c.id and m.read_at is null
        and m.sender_id is not null and m.contenu <> '' and ${theirs}) as non_lus
    from conversations c
    left join invoices i on i.id = c.invoice_id
    left join users cu on cu.id = c.user_id
    left join users iss on iss.id = c.issuer_id
    left join users rec on rec.id = c.recipient_id
    left join lateral (select u.id, u.prenom from messages m join users u on u.id = m.sender_id
      where m.conversation_id = c.id and m.from_support
      order by m.created_at desc, m.id desc limit 1) sa on c.kind = 'support'
    where ${sql.join(filters, sql` and `)}
    order by c.last_activity_at desc, c.id
    limit ${CONVERSATION_LIST_MAX}`);
  return rowsOf(result).map((r) => ({
    id: String(r.id),
    kind: r.kind === 'facture' ? 'facture' : 'support',
    invoiceId: r.invoice_id === null ? null : String(r.invoice_id),
    numero: r.numero === null ? null : String(r.numero),
    lastActivityAt: asDate(r.last_activity_at),
    readerIsSupport: r.reader_is_support === true,
    otherId: r.other_id === null ? null : String(r.other_id),
    otherPrenom: String(r.other_prenom ?? ''),
    otherState: readCounterpartState(r.other_state),
    otherNom: String(r.other_nom ?? ''),
    userPlan: r.user_plan === null ? null : String(r.user_plan),
    lastContenu: r.last_contenu === null ? null : String(r.last_contenu),
    nonLus: Number(r.non_lus ?? 0),
  }));
}
