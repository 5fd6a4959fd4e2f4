import { describe, expect, it } from 'vitest';
import { networkError, toApiError } from '../../lib/api-error';
import {
  CLIENT_CREATE_ERROR,
  CLIENT_DELETE_ERROR,
  CLIENT_UPDATE_ERROR,
  describeCreateClientError,
  describeDeleteClientError,
  describeUpdateClientError,
  UPGRADE_TO_CREATE_MESSAGE,
  UPGRADE_TO_UPDATE_MESSAGE,
} from './error-messages';

const quota = toApiError(403, {
  errorType: 'quota_exceeded',
  message: 'Quota atteint',
  quota: { utilise: 10, limite: 10 },
});
const upgrade = toApiError(403, {
  errorType: 'requires_upgrade',
  message: 'Réservé aux professionnels',
  requiresUpgrade: true,
});
const emailTaken = toApiError(409, {
  errorType: 'client_email_taken',
  message: 'Un client avec cette adresse email existe déjà dans votre répertoire.',
});

describe('describeCreateClientError', () => {
  it('explains the quota with its numbers and goes to /subscription after 3 s', () => {
    expect(describeCreateClientError(quota)).toEqual({
      message: 'Quota de clients atteint (10/10). Passez à un plan Premium pour ajouter plus de clients.',
      redirect: { to: '/subscription', delayMs: 3000, reason: 'quota' },
    });
  });

  it('asks a particulier to go professional and goes to /mentions-legales after 2 s', () => {
    expect(describeCreateClientError(upgrade)).toEqual({
      message: UPGRADE_TO_CREATE_MESSAGE,
      redirect: { to: '/mentions-legales', delayMs: 2000, reason: 'upgrade' },
    });
    // The flag alone is enough, whatever the code.
    const flagged = toApiError(403, { errorType: 'forbidden', requiresUpgrade: true });
    expect(describeCreateClientError(flagged).message).toBe(UPGRADE_TO_CREATE_MESSAGE);
  });

  it("shows the server's sentence, else the spec's fallback", () => {
    expect(describeCreateClientError(emailTaken)).toEqual({
      message: 'Un client avec cette adresse email existe déjà dans votre répertoire.',
    });
    expect(describeCreateClientError(toApiError(500, undefined))).toEqual({ message: CLIENT_CREATE_ERROR });
    expect(describeCreateClientError(networkError())).toEqual({ message: CLIENT_CREATE_ERROR });
    expect(describeCreateClientError(new Error('boom'))).toEqual({ message: CLIENT_CREATE_ERROR });
  });
});

describe('describeUpdateClientError', () => {
  it('uses the modify wording for professional mode', () => {
    expect(describeUpdateClientError(upgrade)).toEqual({
      message: UPGRADE_TO_UPDATE_MESSAGE,
      redirect: { to: '/mentions-legales', delayMs: 2000, reason: 'upgrade' },
    });
  });

  it("shows the server's sentence, else the spec's fallback", () => {
    expect(describeUpdateClientError(emailTaken).message).toContain('existe déjà');
    expect(describeUpdateClientError(networkError())).toEqual({ message: CLIENT_UPDATE_ERROR });
  });
});

describe('describeDeleteClientError', () => {
  it('shows why the server refused, else a generic sentence', () => {
    const hasInvoices = toApiError(409, {
      errorType: 'client_has_invoices',
      message: 'Ce client a des factures : il ne peut pas être supprimé.',
    });
    expect(describeDeleteClientError(hasInvoices)).toBe(
      'Ce client a des factures : il ne peut pas être supprimé.',
    );
    expect(describeDeleteClientError(networkError())).toBe(CLIENT_DELETE_ERROR);
  });
});
