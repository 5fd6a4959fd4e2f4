import type { User } from '@facturo/shared';
import {
  BookOpen,
  CheckCircle2,
  CreditCard,
  FilePen,
  FileSignature,
  Files,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Network,
  Send,
  Settings2,
  ShieldCheck,
  Users,
  XCircle,
} from 'lucide-react';
import {
  INVOICE_STATUS_FILTER_LABELS,
  type InvoiceStatusFilter,
  parseInvoiceStatusFilter,
} from '../../lib/invoice-filters';

export interface NavItem {
  label: string;
  /** Path without query. */
  path: string;
  /** For the invoice list entries: which ?status= they show (null = all). */
  status?: InvoiceStatusFilter | null;
  /** Other paths showing the same page, where the entry is lit too. */
  alsoAt?: readonly string[];
  icon: LucideIcon;
}

export type NavUser = Pick<User, 'role' | 'isAdmin' | 'consultationSeuleJusquAu'>;

const STATUS_ICONS: Record<InvoiceStatusFilter, LucideIcon> = {
  brouillon: FilePen,
  envoyée: Send,
  payée: CheckCircle2,
  annulée: XCircle,
};

const invoiceItems: NavItem[] = [
  { label: 'Toutes les factures', path: '/factures', status: null, icon: Files },
  ...(Object.keys(STATUS_ICONS) as InvoiceStatusFilter[]).map((status) => ({
    label: INVOICE_STATUS_FILTER_LABELS[status],
    path: '/factures',
    status,
    icon: STATUS_ICONS[status],
  })),
];

/** The entry that carries the live unread count (SPEC §9 badge). */
export const UNREAD_BADGE_PATH = '/messages';

/** Issue 17: the figures, first of all; a particulier's page shows what they owe and paid. */
export const DASHBOARD_NAV_ITEM: NavItem = {
  label: 'Tableau de bord',
  path: '/tableau-de-bord',
  icon: LayoutDashboard,
};

/** Quotes (issue 15): sent and received, under their own path. */
export const QUOTES_NAV_ITEM: NavItem = { label: 'Devis', path: '/devis', icon: FileSignature };

/**
 * The entries of SPEC §2 Navigation, in order, for this user; « Devis » after the invoices for
 * professionals, and for a particulier once a quote was addressed to them (`receivedQuotes`).
 */
export function navItemsFor(user: NavUser, { receivedQuotes = false } = {}): NavItem[] {
  // A closed account's read-only archive: its documents and books only (closed-account.ts).
  if (user.consultationSeuleJusquAu) return ARCHIVE_NAV_ITEMS;
  const items = [DASHBOARD_NAV_ITEM, ...invoiceItems];
  if (user.role === 'professionnel' || receivedQuotes) items.push(QUOTES_NAV_ITEM);
  if (user.role === 'professionnel') {
    items.push(
      { label: 'Clients', path: '/clients', icon: Users },
      // Issue 18: the receipts book, purchases, exports and the journal's verification.
      { label: 'Comptabilité', path: '/comptabilite', icon: BookOpen },
      // Issue 19: invoices received from suppliers, and the e-invoicing platform.
      { label: 'Factures fournisseurs', path: '/factures-fournisseurs', icon: Inbox },
      { label: 'Facturation électronique', path: '/facturation-electronique', icon: Network },
      // The profile is also /mentions-legales (SPEC §2), where "Passer en mode Pro" and the guards lead.
      { label: 'Mon profil', path: '/profil', alsoAt: ['/mentions-legales'], icon: Settings2 },
      { label: 'Abonnement', path: '/subscription', icon: CreditCard },
    );
  }
  if (user.isAdmin) items.push({ label: 'Administration', path: '/admin', icon: ShieldCheck });
  items.push({ label: 'Messages', path: UNREAD_BADGE_PATH, icon: MessageSquare });
  return items;
}

/** What a closed account's read-only session shows (account-archive/archive-access.ts): the invoices, the
 * books (with the FEC, the journal and the yearly archives), the supplier invoices it received, and its
 * profile reduced to the archive's details. */
const ARCHIVE_NAV_ITEMS: NavItem[] = [
  { label: 'Factures', path: '/factures', status: null, icon: Files },
  { label: 'Comptabilité', path: '/comptabilite', icon: BookOpen },
  { label: 'Factures fournisseurs', path: '/factures-fournisseurs', icon: Inbox },
  { label: 'Mon profil', path: '/profil', icon: Settings2 },
];

/** The link target, with the filter in the query when there is one. */
export function navItemHref(item: NavItem): string {
  return item.status ? `${item.path}?status=${encodeURIComponent(item.status)}` : item.path;
}

/**
 * Whether the entry matches the current location. Invoice entries compare the ?status= filter too, so
 * "Toutes les factures" is not lit on /factures?status=payée; other entries also cover their sub-paths.
 */
export function isNavItemActive(item: NavItem, pathname: string, search: string): boolean {
  if (item.status !== undefined) {
    if (pathname !== item.path) return false;
    return parseInvoiceStatusFilter(new URLSearchParams(search).get('status')) === item.status;
  }
  return [item.path, ...(item.alsoAt ?? [])].some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
}
