import { describe, expect, it } from 'vitest';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_KINDS, resolveNotificationPrefs } from './notifications.js';

describe('resolveNotificationPrefs', () => {
  it('gives every kind in the app, and e-mails only for payments (made, declared, refused) and an accepted quote', () => {
    expect(resolveNotificationPrefs({})).toEqual(NOTIFICATION_DEFAULTS);
    const emailed = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_DEFAULTS[kind].email);
    expect(emailed).toEqual(['facture_payee', 'paiement_declare', 'devis_accepte', 'paiement_rejete']);
    expect(NOTIFICATION_KINDS.every((kind) => NOTIFICATION_DEFAULTS[kind].app)).toBe(true);
  });

  it('keeps a stored choice over the default, channel by channel, and never e-mails a kind without one', () => {
    const prefs = resolveNotificationPrefs({
      facture_payee: { email: false },
      devis_refuse: { app: false, email: true },
    });
    expect(prefs.facture_payee).toEqual({ app: true, email: false });
    expect(prefs.devis_refuse).toEqual({ app: false, email: false });
    expect(prefs.devis_accepte).toEqual({ app: true, email: true });
  });
});
