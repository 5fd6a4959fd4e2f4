import { and, eq, notExists, sql } from 'drizzle-orm';
import {
  checkoutSessions,
  clients,
  conversations,
  emailTokens,
  invoices,
  legalMentions,
  liveEvents,
  loginEvents,
  messages,
  quotes,
  type SubscriptionRow,
  subscriptions,
  type UserRow,
  userLogos,
  users,
} from '../../db/schema.js';
import type { Tx } from '../../db/types.js';

/**
 * The address a closed account keeps: unique (its id), on a reserved domain that can receive nothing
 * (RFC 2606 `.invalid`), so the real address is free to register again.
 */
export const closedAccountEmail = (userId: string) => `compte-ferme-${userId}@facturo.invalid`;

/**
 * What is erased outright: the logo, the legal mentions, the e-mail links, unfinished checkouts, the
 * clients no invoice or quote names (those stay: the documents reference them, and their identity is
 * already frozen in each document's snapshot), the support thread, the messages the user wrote in an
 * invoice's thread (the other side keeps theirs; an admin's answers as support stay) and the pending live
 * events. Sign-ins are kept, without
 * their IP, so the admin's counts stay true.
 */
export async function eraseOwnedData(tx: Tx, userId: string): Promise<void> {
  await tx.delete(userLogos).where(eq(userLogos.userId, userId));
  await tx.delete(legalMentions).where(eq(legalMentions.userId, userId));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  await tx.delete(checkoutSessions).where(eq(checkoutSessions.userId, userId));
  await eraseUnusedClients(tx, userId);
  // The support thread goes with its messages (cascade), the admins' answers included: it was this user's.
  await tx
    .delete(conversations)
    .where(and(eq(conversations.kind, 'support'), eq(conversations.userId, userId)));
  // An admin's answers as « Support Facturo » are the service's, kept in the threads of those they answered.
  await tx.delete(messages).where(and(eq(messages.senderId, userId), eq(messages.fromSupport, false)));
  await tx.delete(liveEvents).where(eq(liveEvents.userId, userId));
  await tx.update(loginEvents).set({ ip: '' }).where(eq(loginEvents.userId, userId));
}

/** The user's clients no invoice or quote names any more (those named are frozen in the documents' snapshots). */
export async function eraseUnusedClients(tx: Tx, userId: string): Promise<void> {
  await tx
    .delete(clients)
    .where(
      and(
        eq(clients.ownerId, userId),
        notExists(tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.clientId, clients.id))),
        notExists(tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.clientId, clients.id))),
      ),
    );
}

/**
 * Ends a running subscription in our database (the provider is told after the commit). Returns the
 * row as it was when it was running, null when there was nothing to end.
 */
export async function endSubscription(tx: Tx, userId: string, now: Date): Promise<SubscriptionRow | null> {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update')
    .limit(1);
  if (!current || current.status === 'expire') return null;
  await tx
    .update(subscriptions)
    .set({ status: 'expire', cancelAtPeriodEnd: true, currentPeriodEnd: now, updatedAt: sql`now()` })
    .where(eq(subscriptions.userId, userId));
  return current;
}

/** What a closed account keeps to be read until the end of the books' retention (L123-22). */
export interface ReadOnlyArchive {
  email: string;
  retentionUntil: string;
}

/**
 * The end of a closed account's archive, at its holder's request: the password and the address go, and with
 * them every way to sign in (the books go beside it, archive-erasure.repo.ts).
 */
export async function eraseArchive(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash: null,
      archiveEmail: null,
      retentionUntil: null,
      siret: null,
      emailVerifiedAt: null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/**
 * The user row becomes a tombstone: every session revoked (token version), the address replaced,
 * the password and the personal profile erased (an archive keeps its password and SIRET until it is erased),
 * the plan ended. The id, the role and the accent
 * colour stay: the issued invoices point to the id, and their PDFs are still drawn in that colour.
 */
export async function tombstoneUser(
  tx: Tx,
  user: UserRow,
  now: Date,
  archive: ReadOnlyArchive | null = null,
): Promise<void> {
  await tx
    .update(users)
    .set({
      email: closedAccountEmail(user.id),
      // Kept only for the read-only archive: the same password opens it (closed-account.ts).
      passwordHash: archive ? user.passwordHash : null,
      archiveEmail: archive?.email ?? null,
      retentionUntil: archive?.retentionUntil ?? null,
      nom: '',
      prenom: '',
      // The archive's FEC is named by the SIREN (fec.ts); it is printed on every kept invoice anyway.
      siret: archive ? user.siret : null,
      adresse: '',
      codePostal: '',
      ville: '',
      tvaIntracommunautaire: '',
      rcsRm: '',
      assureur: '',
      assuranceCouverture: '',
      iban: '',
      bic: '',
      isAdmin: false,
      emailVerifiedAt: archive ? user.emailVerifiedAt : null,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      plan: 'gratuit',
      trialEndsAt: null,
      planGrantedByAdmin: false,
      limiteFactures: null,
      limiteClients: null,
      lastSeenAt: null,
      deletedAt: now,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
}
