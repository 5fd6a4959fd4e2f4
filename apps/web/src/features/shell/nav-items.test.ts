import { describe, expect, it } from 'vitest';
import { isNavItemActive, type NavItem, navItemHref, navItemsFor } from './nav-items';

const labels = (items: NavItem[]) => items.map((item) => item.label);
const byLabel = (label: string): NavItem => {
  const item = navItemsFor({ role: 'professionnel', isAdmin: true }).find((entry) => entry.label === label);
  if (!item) throw new Error(`missing ${label}`);
  return item;
};

describe('navItemsFor', () => {
  it('gives particuliers their dashboard, the invoice filters and messages only', () => {
    expect(labels(navItemsFor({ role: 'particulier', isAdmin: false }))).toEqual([
      'Tableau de bord',
      'Toutes les factures',
      'Brouillons',
      'Envoyées',
      'Payées',
      'Annulées',
      'Messages',
    ]);
  });

  it('gives a particulier « Devis » once a quote was addressed to them', () => {
    expect(labels(navItemsFor({ role: 'particulier', isAdmin: false }, { receivedQuotes: true }))).toEqual([
      'Tableau de bord',
      'Toutes les factures',
      'Brouillons',
      'Envoyées',
      'Payées',
      'Annulées',
      'Devis',
      'Messages',
    ]);
  });

  it('adds clients and subscription for professionnels, administration for the admin', () => {
    expect(labels(navItemsFor({ role: 'professionnel', isAdmin: true }))).toEqual([
      'Tableau de bord',
      'Toutes les factures',
      'Brouillons',
      'Envoyées',
      'Payées',
      'Annulées',
      'Devis',
      'Clients',
      'Comptabilité',
      'Factures fournisseurs',
      'Facturation électronique',
      'Mon profil',
      'Abonnement',
      'Administration',
      'Messages',
    ]);
  });
});

describe('navItemHref', () => {
  it('puts the filter in the query, encoded', () => {
    expect(navItemHref(byLabel('Toutes les factures'))).toBe('/factures');
    expect(navItemHref(byLabel('Payées'))).toBe('/factures?status=pay%C3%A9e');
    expect(navItemHref(byLabel('Clients'))).toBe('/clients');
  });
});

describe('isNavItemActive', () => {
  it('tells the invoice entries apart by their ?status=', () => {
    expect(isNavItemActive(byLabel('Toutes les factures'), '/factures', '')).toBe(true);
    expect(isNavItemActive(byLabel('Toutes les factures'), '/factures', '?status=pay%C3%A9e')).toBe(false);
    expect(isNavItemActive(byLabel('Payées'), '/factures', '?status=pay%C3%A9e')).toBe(true);
    expect(isNavItemActive(byLabel('Payées'), '/factures', '?status=brouillon')).toBe(false);
  });

  it('lights no invoice filter on an invoice detail page', () => {
    expect(isNavItemActive(byLabel('Toutes les factures'), '/factures/abc', '')).toBe(false);
  });

  it('matches other entries on their path and sub-paths only', () => {
    expect(isNavItemActive(byLabel('Clients'), '/clients', '')).toBe(true);
    expect(isNavItemActive(byLabel('Clients'), '/clients/42', '')).toBe(true);
    expect(isNavItemActive(byLabel('Clients'), '/clientsX', '')).toBe(false);
    expect(isNavItemActive(byLabel('Messages'), '/factures', '')).toBe(false);
  });

  it('lights Tableau de bord on its page only', () => {
    expect(isNavItemActive(byLabel('Tableau de bord'), '/tableau-de-bord', '')).toBe(true);
    expect(isNavItemActive(byLabel('Tableau de bord'), '/factures', '')).toBe(false);
  });

  it('lights Devis on the quotes, their detail and their creation', () => {
    expect(isNavItemActive(byLabel('Devis'), '/devis', '')).toBe(true);
    expect(isNavItemActive(byLabel('Devis'), '/devis/create', '')).toBe(true);
    expect(isNavItemActive(byLabel('Devis'), '/factures', '')).toBe(false);
  });

  it('lights Mon profil on /profil and on /mentions-legales, the same page', () => {
    expect(isNavItemActive(byLabel('Mon profil'), '/profil', '')).toBe(true);
    expect(isNavItemActive(byLabel('Mon profil'), '/mentions-legales', '')).toBe(true);
    expect(isNavItemActive(byLabel('Mon profil'), '/factures', '')).toBe(false);
  });
});
