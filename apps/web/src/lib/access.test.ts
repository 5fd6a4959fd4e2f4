import { describe, expect, it } from 'vitest';
import { type AccessUser, fallbackPathFor, redirectFor } from './access';

const pro: AccessUser = { role: 'professionnel', isAdmin: false };
const particulier: AccessUser = { role: 'particulier', isAdmin: false };
const admin: AccessUser = { role: 'particulier', isAdmin: true };

describe('redirectFor', () => {
  it('sends signed-in users away from public pages to their invoices', () => {
    expect(redirectFor('public', null)).toBeNull();
    expect(redirectFor('public', pro)).toBe('/factures');
    expect(redirectFor('public', particulier)).toBe('/factures');
  });

  it('lets everybody through the always-reachable pages', () => {
    expect(redirectFor('always', null)).toBeNull();
    expect(redirectFor('always', pro)).toBeNull();
  });

  it('sends visitors without a session to /login', () => {
    expect(redirectFor('signedIn', null)).toBe('/login');
    expect(redirectFor('pro', null)).toBe('/login');
    expect(redirectFor('admin', null)).toBe('/login');
    expect(redirectFor('signedIn', particulier)).toBeNull();
  });

  it('sends particuliers from professional-only pages to /mentions-legales', () => {
    expect(redirectFor('pro', particulier)).toBe('/mentions-legales');
    expect(redirectFor('pro', pro)).toBeNull();
  });

  it('opens /admin only to the admin flag, whatever the role', () => {
    expect(redirectFor('admin', pro)).toBe('/factures');
    expect(redirectFor('admin', admin)).toBeNull();
  });
});

describe('fallbackPathFor', () => {
  it('sends unknown paths to /factures when signed in, else home', () => {
    expect(fallbackPathFor(pro)).toBe('/factures');
    expect(fallbackPathFor(null)).toBe('/');
  });
});
