/**
 * What the scale benchmark writes, decided before anything is written: professionals, their clients, and
 * each invoice's facts (date, lines, what became of it), drawn from seeded generators so that two runs — and
 * the two databases of one run — hold the same measured professional, row for row.
 */

/** mulberry32: a small, fast, seeded generator (0 ≤ x < 1); the bench needs repeatable draws, not secrecy. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export const DAY_MS = 86_400_000;
/** Three years of activity, ending today. */
export const SPAN_DAYS = 3 * 365;
/** The measured professional's invoices, in both databases (the issue's « the measured one with 2,000 »). */
export const MEASURED_INVOICES = 2_000;
/** Invoices per professional on average: 1,000,000 over 10,000 professionals. */
export const INVOICES_PER_PROFESSIONAL = 100;

export interface ScaleShape {
  /** Invoices written in all (credit notes included), the measured professional's among them. */
  invoices: number;
  professionals: number;
}

export const shapeOf = (invoices: number): ScaleShape => ({
  invoices,
  professionals: Math.max(2, Math.round(invoices / INVOICES_PER_PROFESSIONAL)),
});

export interface PlannedLine {
  description: string;
  quantityThousandths: number;
  unitPriceCents: number;
  totalCents: number;
}

/** What became of an invoice: never sent, sent and waiting (perhaps partly paid), paid, or credited. */
export type Fate = 'creee' | 'envoyee' | 'payee' | 'avoir';

export interface PlannedInvoice {
  /** Index of its professional (0 is the measured one). */
  professional: number;
  /** Index of the client among the professional's. */
  client: number;
  /** Days since the start of the span. */
  day: number;
  /** Seconds into that day it was written (working hours). */
  second: number;
  lines: PlannedLine[];
  totalCents: number;
  fate: Fate;
  /** Days after the issue that it was sent (when it was). */
  sentAfter: number;
  viewed: boolean;
  /** Confirmed payments: days after the issue and amounts (whole or partial). */
  payments: { after: number; cents: number; method: (typeof METHODS)[number] }[];
  /** A credit note for the whole amount, `creditAfter` days after the issue (fate « avoir »). */
  creditAfter: number;
}

const SERVICES = [
  'Développement de l’application web',
  'Atelier de cadrage « stratégie produit »',
  'Maintenance mensuelle du site',
  'Rédaction des contenus de la page d’accueil',
  'Séance de photographie en extérieur',
  'Traduction technique (anglais → français)',
  'Formation à l’outil de gestion, demi-journée',
  'Conseil en organisation, journée sur site',
  'Création de la charte graphique',
  'Frais de déplacement',
];
const QUANTITIES = [500, 1000, 1000, 1000, 1500, 2000, 3000, 5000, 7500, 12000];
export const METHODS = ['virement', 'virement', 'virement', 'carte', 'cheque', 'prelevement'] as const;

/** How many clients a professional has: 3 to 30, the measured one 40. */
export const clientsOf = (professional: number, random: () => number) =>
  professional === 0 ? 40 : 3 + Math.floor(random() * 28);

function planLines(random: () => number): PlannedLine[] {
  const count = 1 + Math.floor(random() * random() * 8);
  return Array.from({ length: count }, () => {
    const quantityThousandths = QUANTITIES[Math.floor(random() * QUANTITIES.length)]!;
    const unitPriceCents = 100 * (20 + Math.floor(random() * 1180));
    return {
      description: SERVICES[Math.floor(random() * SERVICES.length)]!,
      quantityThousandths,
      unitPriceCents,
      totalCents: Math.round((quantityThousandths * unitPriceCents) / 1000),
    };
  });
}

/** An invoice's life, as old invoices mostly end paid and recent ones are still out or not yet sent. */
function planFate(age: number, random: () => number): Fate {
  const r = random();
  if (age < 45) return r < 0.35 ? 'creee' : r < 0.8 ? 'envoyee' : 'payee';
  return r < 0.84 ? 'payee' : r < 0.95 ? 'envoyee' : 'avoir';
}

export function planInvoice(
  professional: number,
  clients: number,
  day: number,
  random: () => number,
): PlannedInvoice {
  const lines = planLines(random);
  const totalCents = lines.reduce((total, line) => total + line.totalCents, 0);
  const age = SPAN_DAYS - 1 - day;
  const fate = planFate(age, random);
  const sentAfter = Math.min(age, Math.floor(random() * 3));
  const payments: PlannedInvoice['payments'] = [];
  const method = () => METHODS[Math.floor(random() * METHODS.length)]!;
  const paidAfter = sentAfter + Math.min(Math.max(0, age - sentAfter), 3 + Math.floor(random() * 50));
  if (fate === 'payee') {
    if (random() < 0.2 && totalCents >= 200) {
      const first = Math.round(totalCents * 0.3);
      payments.push({ after: Math.max(sentAfter, paidAfter - 10), cents: first, method: method() });
      payments.push({ after: paidAfter, cents: totalCents - first, method: method() });
    } else {
      payments.push({ after: paidAfter, cents: totalCents, method: method() });
    }
  } else if (fate === 'envoyee' && random() < 0.3 && totalCents >= 200) {
    payments.push({ after: paidAfter, cents: Math.round(totalCents * 0.4), method: method() });
  }
  return {
    professional,
    client: Math.floor(random() * clients),
    day,
    second: 8 * 3600 + Math.floor(random() * 10 * 3600),
    lines,
    totalCents,
    fate,
    sentAfter,
    viewed: random() < 0.6,
    payments,
    creditAfter: sentAfter + 5 + Math.floor(random() * 20),
  };
}

/** The measured professional's issue days: MEASURED_INVOICES spread over the span, its own generator. */
export function measuredDays(): number[] {
  const random = seededRandom(20_26);
  return Array.from({ length: MEASURED_INVOICES }, () => Math.floor(random() * SPAN_DAYS)).sort(
    (a, b) => a - b,
  );
}
