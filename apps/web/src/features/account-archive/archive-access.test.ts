import { describe, expect, it } from 'vitest';
import { ARCHIVE_HOME_PATH, archiveRedirectFor, isArchiveSession } from './archive-access';

const archive = { consultationSeuleJusquAu: '2036-12-31' };
const open = { consultationSeuleJusquAu: null };

describe('a closed account’s web guard', () => {
  it('lets the archive’s screens through', () => {
    for (const path of [
      '/factures',
      '/factures/2f0c1a52-5d0e-4c1e-9d55-0a5b7f1d2c3e',
      '/comptabilite',
      '/factures-fournisseurs',
      '/factures-fournisseurs/abc',
      '/profil',
      '/profil/',
    ]) {
      expect(archiveRedirectFor(archive, path), path).toBeNull();
    }
  });

  it('sends every other screen to the archive’s home', () => {
    for (const path of [
      '/factures/create',
      '/factures/abc/edit',
      '/tableau-de-bord',
      '/clients',
      '/devis',
      '/devis/abc',
      '/messages',
      '/subscription',
      '/facturation-electronique',
      '/mentions-legales',
      '/admin',
    ]) {
      expect(archiveRedirectFor(archive, path), path).toBe(ARCHIVE_HOME_PATH);
    }
  });

  it('leaves open accounts and visitors alone', () => {
    expect(archiveRedirectFor(open, '/clients')).toBeNull();
    expect(archiveRedirectFor(null, '/clients')).toBeNull();
    expect(isArchiveSession({})).toBe(false);
  });
});
