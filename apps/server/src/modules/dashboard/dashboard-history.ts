import { daysBetween } from '@facturo/shared';
import { addDays } from '../../lib/paris-date.js';
import type { TestApp } from '../../test/harness.js';
import { clientOf, type SeededIssuer, seedInvoice, seedPayment } from './dashboard-test-kit.js';

/*
 * A professional's varied history for the dashboard's recount test: drafts, cancellations before and after
 * issue, deposits and their final invoices, credit notes in part or in full, payments in part, in full or
 * only declared, invoices marked paid without a payment, over more than two years. Drawn from a seeded
 * generator, so every run writes the same history.
 */

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Draw {
  chance(p: number): boolean;
  between(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
}

function draws(seed: number): Draw {
  const next = generator(seed);
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    chance: (p) => next() < p,
    between,
    pick: (list) => list[between(0, list.length - 1)] as (typeof list)[number],
  };
}

interface Story {
  t: TestApp;
  issuer: SeededIssuer;
  draw: Draw;
  today: string;
  client: { id: string; name: string };
}

/** A payment day between the issue and 90 days later, never after today. */
function paymentDay({ draw, today }: Story, dateEmission: string): string {
  const day = addDays(dateEmission, draw.between(0, 90));
  return day > today ? today : day;
}

/** An issued invoice's life after issue: credit notes, then payments, declared ones, or none. */
async function afterIssue(story: Story, id: string, dueCents: number, dateEmission: string): Promise<void> {
  const { t, issuer, draw } = story;
  let leftCents = dueCents;
  const credit = async (cents: number) => {
    await seedInvoice(t, {
      issuerId: issuer.userId,
      clientId: story.client.id,
      clientName: story.client.name,
      type: 'avoir',
      euros: cents / 100,
      dateEmission: paymentDay(story, dateEmission),
      creditedInvoiceId: id,
    });
    leftCents -= cents;
  };
  if (draw.chance(0.1)) {
    // In full, in two credit notes.
    const half = Math.floor(dueCents / 2);
    await credit(half);
    await credit(dueCents - half);
  } else if (draw.chance(0.2)) {
    await credit(Math.floor((dueCents * draw.between(10, 60)) / 100));
  }
  const pay = async (cents: number, status: 'confirme' | 'declare' = 'confirme') => {
    if (cents <= 0) return;
    await seedPayment(t, id, issuer.userId, {
      euros: cents / 100,
      date: paymentDay(story, dateEmission),
      status,
    });
  };
  if (leftCents <= 0) return;
  const roll = draw.between(1, 10);
  if (roll <= 3) return;
  if (roll <= 6) await pay(Math.floor((leftCents * draw.between(10, 80)) / 100));
  else if (roll <= 9) {
    const first = Math.floor(leftCents / draw.between(1, 3));
    await pay(first);
    await pay(leftCents - first);
  } else await pay(Math.floor(leftCents / 3), 'declare');
}

/** One entry of the history: a draft, a cancellation, a deposit and its final invoice, or an invoice. */
async function oneStory(story: Story): Promise<void> {
  const { t, issuer, draw, today, client } = story;
  const dateEmission = addDays('2024-01-01', draw.between(0, daysBetween('2024-01-01', today)));
  const base = {
    issuerId: issuer.userId,
    clientId: client.id,
    clientName: client.name,
    dateEmission,
    dateEcheance: addDays(dateEmission, draw.between(0, 60)),
  };
  const cents = draw.between(5_000, 300_000);
  const roll = draw.between(1, 100);
  if (roll <= 8) {
    await seedInvoice(t, {
      ...base,
      euros: cents / 100,
      sent: false,
      issuerStatus: draw.pick(['creee', 'brouillon']),
    });
    return;
  }
  if (roll <= 12) {
    await seedInvoice(t, { ...base, euros: cents / 100, sent: false, issuerStatus: 'annulee' });
    return;
  }
  if (roll <= 16) {
    await seedInvoice(t, { ...base, euros: cents / 100, issuerStatus: 'annulee' });
    return;
  }
  if (roll <= 20) {
    // Marked paid by hand: paid, without any payment to date it.
    await seedInvoice(t, { ...base, euros: cents / 100, issuerStatus: 'payee' });
    return;
  }
  let prepaidCents = 0;
  if (roll <= 32) {
    prepaidCents = Math.floor(cents * 0.3);
    const deposit = await seedInvoice(t, {
      ...base,
      type: 'acompte',
      euros: prepaidCents / 100,
      issuerStatus: 'payee',
    });
    await seedPayment(t, deposit, issuer.userId, {
      euros: prepaidCents / 100,
      date: paymentDay(story, dateEmission),
    });
  }
  const paidStatus = draw.chance(0.3) ? 'payee' : 'envoyee';
  const id = await seedInvoice(t, {
    ...base,
    euros: cents / 100,
    prepaidEuros: prepaidCents / 100,
    issuerStatus: paidStatus,
  });
  await afterIssue(story, id, cents - prepaidCents, dateEmission);
}

/** `count` entries for `issuer` among `clientNames` (new clients of theirs), issued up to `today`. */
export async function seedVariedHistory(
  t: TestApp,
  issuer: SeededIssuer,
  { seed, count, clientNames, today }: { seed: number; count: number; clientNames: string[]; today: string },
): Promise<void> {
  const draw = draws(seed);
  const clients: { id: string; name: string }[] = [];
  for (const name of clientNames) clients.push({ id: await clientOf(t, issuer, name), name });
  for (let i = 0; i < count; i++) {
    await oneStory({ t, issuer, draw, today, client: draw.pick(clients) });
  }
}
