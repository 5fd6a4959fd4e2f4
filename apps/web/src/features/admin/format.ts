import {
  type DaysLeftTone,
  daysLeftTone,
  type Plan,
  type Role,
  type SubscriptionStatus,
} from '@facturo/shared';

export const PLAN_LABELS: Record<Plan, string> = {
  essai: 'Essai',
  gratuit: 'Gratuit',
  premium: 'Premium',
  business: 'Business',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  actif: 'Actif',
  annule: 'Annulé',
  expire: 'Expiré',
  impaye: 'Impayé',
};

export const ROLE_SHORT_LABELS: Record<Role, string> = {
  professionnel: 'Professionnel',
  particulier: 'Particulier',
};

/** SPEC §9 colours as Tailwind 700 shades: text above 4.5:1 on white and on the pale badges. */
export const DAYS_LEFT_TEXT: Record<DaysLeftTone, string> = {
  success: 'text-emerald-700',
  warning: 'text-orange-700',
  danger: 'text-red-700',
};
export const DAYS_LEFT_BADGE: Record<DaysLeftTone, 'emerald' | 'amber' | 'red'> = {
  success: 'emerald',
  warning: 'amber',
  danger: 'red',
};
export const daysLeftBadgeTone = (days: number) => DAYS_LEFT_BADGE[daysLeftTone(days)];

/** "1 jour", "0 jour", "12 jours": French keeps the singular below 2. */
export function formatDays(days: number): string {
  const count = Math.max(0, days);
  return `${count} ${count < 2 ? 'jour' : 'jours'}`;
}

const shortDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone: 'Europe/Paris' });
const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "25/11/2026", or an em dash when there is no date. */
export const formatDate = (iso: string | null | undefined) => {
  const date = parse(iso);
  return date ? shortDate.format(date) : '—';
};
export const formatDateTime = (iso: string | null | undefined) => {
  const date = parse(iso);
  return date ? dateTime.format(date) : '—';
};

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
export const formatCents = (cents: number) => euros.format(cents / 100);

const integer = new Intl.NumberFormat('fr-FR');
export const formatCount = (n: number) => integer.format(n);

/** "1,5 %" with one decimal, as the API gives rates. */
export const formatPercent = (n: number) =>
  `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(n)}\u00a0%`;

/** "128 Mo": memory of a replica, in mebibytes as the system tools show it. */
export const formatMegabytes = (bytes: number) => `${integer.format(Math.round(bytes / 1_048_576))}\u00a0Mo`;

/** "3 j 4 h", "2 h 5 min", "45 s": a replica's uptime at a glance. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return `${days} j ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${s} s`;
}

export const formatMs = (ms: number | null) =>
  ms === null ? '—' : `${integer.format(Math.round(ms))}\u00a0ms`;

export const fullName = (user: { prenom: string; nom: string }) =>
  `${user.prenom} ${user.nom}`.trim() || '(sans nom)';

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "nov. 26" from "2026-11" (a period of the API, already in Paris time). */
export function formatMonth(mois: string): string {
  const [year, month] = mois.split('-').map(Number);
  if (!year || !month) return mois;
  return monthName.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** "25 nov." from "2026-11-25". */
export function formatDay(jour: string): string {
  const [year, month, day] = jour.split('-').map(Number);
  if (!year || !month || !day) return jour;
  return dayName.format(new Date(Date.UTC(year, month - 1, day)));
}
