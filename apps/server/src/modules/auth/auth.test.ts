import {
  MESSAGES,
  PASSWORD_POLICY_MESSAGE,
  rateLimitedMessage,
  SIRET_KEY_MESSAGE,
  SIRET_REGISTER_MESSAGE,
  type User,
} from '@facturo/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../lib/clock.js';
import { createUser, STRONG_PASSWORD, uniqueEmail, uniqueSiret } from '../../test/factories.js';
import { randomIp, startTestApp, type TestApp } from '../../test/harness.js';
import { linkIn, waitForMail } from '../../test/outbox.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.reset());

/** 123 456 782-00010: the groups of digits people type. */
function typedSiret(siret: string): string {
  return `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)}-${siret.slice(9)}`;
}

function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('inscription'),
    password: STRONG_PASSWORD,
    nom: 'Durand',
    prenom: 'Élodie',
    // Typed as people do, with spaces and a hyphen; a fresh company each time (one company, one account).
    siret: typedSiret(uniqueSiret()),
    role: 'professionnel',
    ...overrides,
  };
}

async function register(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await t.request({ method: 'POST', url: '/api/auth/register', body });
  return { body, res };
}

async function confirmationToken(email: string): Promise<string> {
  const mail = await waitForMail(t.outboxDir, email, 'Confirmez votre adresse email');
  return new URL(linkIn(mail, '/verify-email')).searchParams.get('token') ?? '';
}

async function login(email: string, password: string, ip?: string) {
  return t.request({ method: 'POST', url: '/api/auth/login', body: { email, password }, ip });
}

describe('POST /api/auth/register', () => {
  it('creates an unverified professional on trial and e-mails a confirmation link', async () => {
    const siret = uniqueSiret();
    const { body, res } = await register({
      role: 'particulier',
      email: 'Mixed.Case@Exemple.FR',
      siret: typedSiret(siret),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      requiresEmailVerification: true,
      userEmail: 'mixed.case@exemple.fr',
      siret,
      message: expect.any(String),
    });
    const mail = await waitForMail(t.outboxDir, 'mixed.case@exemple.fr', 'Confirmez votre adresse email');
    expect(mail.text).toContain(`Bonjour ${body.prenom}`);
    expect(linkIn(mail, '/verify-email?token=')).toMatch(
      /^http:\/\/facturo\.test\/verify-email\?token=[\w-]{43}$/,
    );

    const token = await confirmationToken('mixed.case@exemple.fr');
    await t.request({ method: 'POST', url: '/api/auth/verify-email', body: { token } });
    const signedIn = await login('mixed.case@exemple.fr', STRONG_PASSWORD);
    const user = signedIn.json<{ user: User }>().user;
    // The role sent by the client is ignored: sign-up always makes a professional.
    expect(user).toMatchObject({
      role: 'professionnel',
      planActuel: 'essai',
      emailVerified: true,
      isAdmin: false,
    });
    expect(user).not.toHaveProperty('passwordHash');
  });

  it('refuses a second account on the same address, whatever its case', async () => {
    const { body } = await register();
    // Its SIRET too: the address is what the person is told about.
    const again = await register({ email: body.email.toUpperCase(), siret: body.siret });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json()).toMatchObject({ errorType: 'email_already_used' });
  });

  it.each([
    ['12345678', 'too short'],
    ['1234567890123a', 'with a letter'],
    ['123456782000103', 'too long'],
    ['', 'empty'],
  ])('rejects the SIRET %s (%s) with the register wording', async (siret) => {
    const { res } = await register({ siret });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorType: 'validation_error', message: SIRET_REGISTER_MESSAGE });
  });

  it.each([
    ['12345678200001', 'two digits swapped'],
    ['12345678200011', 'the last digit mistyped'],
    ['12345678900015', 'a SIREN whose own key is wrong, though the whole passes'],
  ])('rejects the SIRET %s (%s) by its check digits', async (siret) => {
    const { res } = await register({ siret });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorType: 'validation_error', message: SIRET_KEY_MESSAGE });
  });

  it.each([
    'Cour1!A',
    'sansmajuscule1!',
    'SANSMINUSCULE1!',
    'SansChiffre!!',
    'SansSpecial12',
    'Password1!abc',
    'Azerty12!x',
  ])('rejects the weak password %s', async (password) => {
    const { res } = await register({ password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorType: 'validation_error', message: PASSWORD_POLICY_MESSAGE });
  });

  it('names every missing field', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/register', body: {} });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ errors: string[] }>();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        'Adresse email requise',
        'Nom requis',
        'Prénom requis',
        SIRET_REGISTER_MESSAGE,
      ]),
    );
  });

  it('grants the admin flag to ADMIN_EMAIL', async () => {
    const email = t.config.adminEmails[0] ?? '';
    await register({ email });
    await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      body: { token: await confirmationToken(email) },
    });
    const res = await login(email, STRONG_PASSWORD);
    expect(res.json<{ user: User }>().user.isAdmin).toBe(true);
  });
});

describe('malformed requests get a French 4xx, never a 500', () => {
  const cases: [string, unknown][] = [
    ['wrong types', { email: 42, password: ['x'], nom: {}, prenom: null, siret: 12345678200010 }],
    ['huge strings', registration({ nom: 'x'.repeat(100_000), email: `${'a'.repeat(5000)}@exemple.fr` })],
    ['an array body', [1, 2, 3]],
    ['a string body', '"bonjour"'],
    ['invalid JSON', '{"email": '],
  ];
  it.each(cases)('register with %s', async (_label, body) => {
    const res = await t.request({ method: 'POST', url: '/api/auth/register', body });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ errorType: expect.any(String), message: expect.any(String) });
  });

  it('a body over the size limit', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'a@b.fr', password: 'x'.repeat(2_000_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      errorType: 'validation_error',
      message: 'La requête est trop volumineuse.',
    });
  });

  it.each([
    '/api/auth/login',
    '/api/auth/reset-password',
    '/api/auth/verify-email',
    '/api/auth/reset-password-confirm',
  ])('%s with wrong types', async (url) => {
    const res = await t.request({
      method: 'POST',
      url,
      body: { email: [], password: 1, token: {}, newPassword: 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorType).toBe('validation_error');
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nulle-part' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorType: 'not_found', message: 'Ressource introuvable.' });
  });
});

describe('e-mail verification', () => {
  it('a link works once', async () => {
    const { body } = await register();
    const token = await confirmationToken(body.email);
    const first = await t.request({ method: 'POST', url: '/api/auth/verify-email', body: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toContain('confirmée');
    const again = await t.request({ method: 'POST', url: '/api/auth/verify-email', body: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errorType: 'invalid_token', message: MESSAGES.invalidLink });
  });

  it('an unknown link is refused', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      body: { token: 'inconnu' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorType: 'invalid_token' });
  });

  it('a link expires after 24 hours, and login then says so', async () => {
    const { body } = await register();
    const token = await confirmationToken(body.email);
    t.clock.advance(24 * HOUR_MS + 1000);
    const res = await t.request({ method: 'POST', url: '/api/auth/verify-email', body: { token } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'email_verification_expired', tokenExpired: true });
    const signIn = await login(body.email, body.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({
      errorType: 'email_verification_expired',
      requiresEmailVerification: true,
      tokenExpired: true,
    });
  });

  it('resending sends a new link and retires the old one', async () => {
    const { body } = await register();
    const oldToken = await confirmationToken(body.email);
    const resend = await t.request({
      method: 'POST',
      url: '/api/auth/resend-verification',
      body: { email: body.email },
    });
    expect(resend.statusCode).toBe(200);
    let newToken = oldToken;
    while (newToken === oldToken) newToken = await confirmationToken(body.email);
    const old = await t.request({ method: 'POST', url: '/api/auth/verify-email', body: { token: oldToken } });
    expect(old.statusCode).toBe(400);
    expect(old.json().errorType).toBe('invalid_token');
    const fresh = await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      body: { token: newToken },
    });
    expect(fresh.statusCode).toBe(200);
    const status = await t.request({ method: 'GET', url: `/api/auth/email-status?email=${body.email}` });
    expect(status.json()).toEqual({ email: body.email, emailVerified: true });
  });

  it('resending to a confirmed or unknown address says why not', async () => {
    const { email } = await createUser(t);
    const verified = await t.request({
      method: 'POST',
      url: '/api/auth/resend-verification',
      body: { email },
    });
    expect(verified.statusCode).toBe(409);
    expect(verified.json().errorType).toBe('email_already_verified');
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/resend-verification',
      body: { email: uniqueEmail() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      errorType: 'account_not_found',
      message: MESSAGES.accountNotFound,
    });
  });
});

describe('POST /api/auth/login', () => {
  it('returns the user and a working token', async () => {
    const { email, password } = await createUser(t, { prenom: 'Léa' });
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    const { user, token } = res.json<{ user: User; token: string }>();
    expect(user).toMatchObject({ email, prenom: 'Léa', role: 'professionnel' });
    const me = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(me.statusCode).toBe(200);
    expect(me.json()._id).toBe(user._id);
  });

  it('answers an unknown address exactly as a wrong password: the same 401, the same words', async () => {
    const { email } = await createUser(t);
    const wrong = await login(email, 'Mauvais!2026x');
    const unknown = await login(uniqueEmail(), 'Mauvais!2026x');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      errorType: 'invalid_credentials',
      message:
        "Adresse email ou mot de passe incorrect. Utilisez « J'ai oublié mon mot de passe » si nécessaire.",
    });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('blocks an unconfirmed account', async () => {
    const { body } = await register();
    const res = await login(body.email, body.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      errorType: 'email_not_verified',
      message: 'Veuillez confirmer votre adresse email avant de vous connecter. Vérifiez votre boîte mail.',
      requiresEmailVerification: true,
    });
  });

  it('blocks a banned account', async () => {
    const { email, password } = await createUser(t, { isBanned: true });
    const res = await login(email, password);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorType).toBe('account_banned');
  });

  it('requires both fields', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', body: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining(['Adresse email requise', 'Mot de passe requis']),
    );
  });
});

describe('sessions', () => {
  it.each([
    ['no header', undefined],
    ['a garbage token', 'pas-un-jeton'],
    ['a token signed with another secret', 'eyJhbGciOiJIUzI1NiJ9.eyJ2ZXIiOjAsInN1YiI6IngifQ.c2lnbmF0dXJl'],
  ])('refuses %s with 401', async (_label, token) => {
    const res = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errorType: 'unauthorized', message: MESSAGES.unauthorized });
  });

  it('refuses a tampered token', async () => {
    const { email, password } = await createUser(t);
    const { token } = (await login(email, password)).json<{ token: string }>();
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), ver: 99 }),
    ).toString('base64url');
    const res = await t.request({
      method: 'GET',
      url: '/api/users/me',
      token: `${header}.${forged}.${signature}`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('expires a token after 7 days', async () => {
    const { email, password } = await createUser(t);
    const { token } = (await login(email, password)).json<{ token: string }>();
    t.clock.advance(7 * DAY_MS + 1000);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function resetLink(email: string): Promise<string> {
    const mail = await waitForMail(t.outboxDir, email, 'Réinitialisation de votre mot de passe');
    return new URL(linkIn(mail, '/reset-password-confirm')).searchParams.get('token') ?? '';
  }

  it('changes the password, revokes older sessions and tells the owner', async () => {
    const { email, password } = await createUser(t);
    const { token: oldSession } = (await login(email, password)).json<{ token: string }>();
    const request = await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { email } });
    expect(request.statusCode).toBe(200);
    expect(request.json().message).toContain(email);
    const token = await resetLink(email);

    const newPassword = 'Nouveau#Mot2Passe';
    const confirm = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password-confirm',
      body: { token, newPassword },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: oldSession })).statusCode).toBe(
      401,
    );
    expect((await login(email, password)).json().errorType).toBe('invalid_credentials');
    expect((await login(email, newPassword)).statusCode).toBe(200);
    const notice = await waitForMail(t.outboxDir, email, 'Votre mot de passe a été modifié');
    expect(notice.text).toContain('sessions ouvertes ont été fermées');

    const reuse = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password-confirm',
      body: { token, newPassword: 'Encore#Autre3Pass' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ errorType: 'invalid_token', message: 'Lien invalide ou expiré.' });
  });

  it('lists every rule a weak new password breaks, and keeps the link usable', async () => {
    const { email } = await createUser(t);
    await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { email } });
    const token = await resetLink(email);
    const weak = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password-confirm',
      body: { token, newPassword: 'abc' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ message: PASSWORD_POLICY_MESSAGE });
    expect(weak.json().errors).toEqual(
      expect.arrayContaining([
        'Au moins 8 caractères',
        'Une lettre majuscule',
        'Un chiffre',
        'Un caractère spécial',
      ]),
    );
    const strong = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password-confirm',
      body: { token, newPassword: 'Valide#Mot2Passe' },
    });
    expect(strong.statusCode).toBe(200);
  });

  it('a reset link expires after one hour', async () => {
    const { email } = await createUser(t);
    await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { email } });
    const token = await resetLink(email);
    t.clock.advance(HOUR_MS + 1000);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password-confirm',
      body: { token, newPassword: 'Valide#Mot2Passe' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorType).toBe('invalid_token');
  });

  it('refuses unknown and unconfirmed addresses with their error types', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { email: uniqueEmail() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ errorType: 'account_not_found' });
    const { body } = await register();
    const unconfirmed = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { email: body.email },
    });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toMatchObject({
      errorType: 'email_not_verified',
      requiresEmailVerification: true,
    });
  });

  it('lets an invited account without password choose one, which also confirms its address', async () => {
    const { email } = await createUser(t, {
      passwordHash: null,
      emailVerifiedAt: null,
      role: 'particulier',
      siret: null,
    });
    // Worded as any refused sign-in: the reset link, which that sentence points to, is the way.
    const noPassword = await login(email, STRONG_PASSWORD);
    expect(noPassword.statusCode).toBe(401);
    expect(noPassword.json()).toEqual({
      errorType: 'invalid_credentials',
      message: MESSAGES.invalidCredentials,
    });
    await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { email } });
    const token = await resetLink(email);
    await t.request({
      method: 'POST',
      url: '/api/auth/reset-password-confirm',
      body: { token, newPassword: STRONG_PASSWORD },
    });
    const res = await login(email, STRONG_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'particulier', emailVerified: true });
  });
});

describe('login throttling', () => {
  /** A 429 that says when to try again, the same wait in the body, the message and Retry-After. */
  function expectLocked(res: Awaited<ReturnType<typeof login>>): number {
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.errorType).toBe('rate_limited');
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.message).toBe(rateLimitedMessage(body.retryAfterSeconds));
    expect(res.headers['retry-after']).toBe(String(body.retryAfterSeconds));
    return body.retryAfterSeconds;
  }

  async function fail(email: string, ip: string, times: number) {
    for (let i = 0; i < times; i++) {
      expect((await login(email, `Faux!${i}mot2passe`, ip)).statusCode).toBe(401);
    }
  }

  it('locks one (address, IP) pair after 5 failures for a minute, saying so, while the owner elsewhere signs in', async () => {
    const { email } = await createUser(t);
    const ip = randomIp();
    await fail(email, ip, 5);
    // Refused before the password is even checked: the right one gets no further.
    const locked = await login(email, STRONG_PASSWORD, ip);
    const wait = expectLocked(locked);
    expect(wait).toBeLessThanOrEqual(60);
    expect(locked.json().message).toMatch(/^Trop de tentatives\. Réessayez dans (1 minute|\d+ secondes?)\.$/);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await login(email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('doubles the lock with each further failure', async () => {
    const { email } = await createUser(t);
    const ip = randomIp();
    await fail(email, ip, 5);
    let previous = expectLocked(await login(email, STRONG_PASSWORD, ip));
    for (const lockSeconds of [120, 240, 480]) {
      t.clock.advance(previous * 1000);
      await fail(email, ip, 1);
      const wait = expectLocked(await login(email, STRONG_PASSWORD, ip));
      expect(wait).toBeGreaterThan(lockSeconds / 2);
      expect(wait).toBeLessThanOrEqual(lockSeconds);
      previous = wait;
    }
  });

  it('counts only failures, and a correct password starts the pair afresh', async () => {
    const { email } = await createUser(t);
    const ip = randomIp();
    await fail(email, ip, 4);
    for (let i = 0; i < 3; i++) expect((await login(email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
    await fail(email, ip, 5);
    expectLocked(await login(email, STRONG_PASSWORD, ip));
  });

  it('counts simultaneous guesses one after the other: only 5 of 12 reach the password check', async () => {
    const { email } = await createUser(t);
    const ip = randomIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(email, `Faux!${i}mot2passe`, ip)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('slows down one IP trying many addresses, whatever the address, and no other IP', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      expect((await login(uniqueEmail('inconnu'), STRONG_PASSWORD, ip)).statusCode).toBe(401);
    }
    const { email } = await createUser(t);
    expectLocked(await login(email, STRONG_PASSWORD, ip));
    expect((await login(uniqueEmail('inconnu'), STRONG_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(email, STRONG_PASSWORD, randomIp())).statusCode).toBe(200);
    // Once the lock is over, a success is no failure: it neither counts nor renews the lock.
    t.clock.advance(60_000);
    expect((await login(email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
    // The IP's own back-off: each failure after the lock locks it longer.
    expect((await login(uniqueEmail('inconnu'), STRONG_PASSWORD, ip)).statusCode).toBe(401);
    expect(expectLocked(await login(email, STRONG_PASSWORD, ip))).toBeGreaterThan(60);
  });

  it('slows an account down for unknown devices after ten failures from anywhere, 1 s doubled at each', async () => {
    t.clock.freeze();
    const { email } = await createUser(t);
    for (let i = 0; i < 10; i++) await fail(email, randomIp(), 1);
    // A new device with the right password waits like the strangers: the delay comes before any check.
    let previous = expectLocked(await login(email, STRONG_PASSWORD, randomIp()));
    expect(previous).toBe(1);
    for (const lockSeconds of [2, 4, 8]) {
      t.clock.advance(previous * 1000);
      await fail(email, randomIp(), 1);
      previous = expectLocked(await login(email, STRONG_PASSWORD, randomIp()));
      expect(previous).toBe(lockSeconds);
    }
    t.clock.advance(previous * 1000);
    expect((await login(email, STRONG_PASSWORD, randomIp())).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits registrations from one address', async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < 10; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/register',
        body: registration({ siret: uniqueSiret() }),
        ip,
      });
      expect(res.statusCode).toBe(201);
    }
    const blocked = await t.request({ method: 'POST', url: '/api/auth/register', body: registration(), ip });
    expect(blocked.statusCode).toBe(429);
  });

  it('limits reset requests per address e-mail', async () => {
    const { email } = await createUser(t);
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { email } })).statusCode,
      ).toBe(200);
    }
    const blocked = await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { email } });
    expect(blocked.statusCode).toBe(429);
  });
});
