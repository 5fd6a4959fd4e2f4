import type { UsageHistory } from '@facturo/shared';
import { ActivityChart } from './activity-chart';
import { formatMonth } from './format';

const SERIES = [
  { key: 'factures', label: 'Factures', colour: 'fill-indigo-600' },
  { key: 'clients', label: 'Clients', colour: 'fill-emerald-600' },
  { key: 'emails', label: 'E-mails', colour: 'fill-amber-500' },
] as const;

/** One user's invoices, clients and e-mails per month, in their dialog. */
export function UsageHistoryChart({ history }: { history: UsageHistory }) {
  return (
    <ActivityChart
      points={history.map(({ mois, ...counts }) => ({ periode: mois, ...counts }))}
      series={SERIES}
      formatPeriod={formatMonth}
      caption="Activité par mois"
    />
  );
}
