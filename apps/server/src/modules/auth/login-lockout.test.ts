import { MESSAGES } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { DEVICE_COOKIE } from '../../lib/device-cookie.js';
import { dummyPasswordHash } from '../../lib/password-hash.js';
import { createUser, STRONG_PASSWORD, uniqueEmail } from '../../test/factories.js';
import { randomIp, startTestApp, type TestApp } from '../../test/harness.js';
import { linkIn, readOutbox, waitForMail } from '../../test/outbox.js';

/*
 * OWASP's « Blocking brute force attacks »: strangers failing on an account from everywhere end up
 * needing its owner's e-mailed unlock link, while the owner's own devices (their device cookie) still
 * sign in; and nothing in a refusal tells whether the address has an account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
// Frozen: the account's first delays last a second, which a slow request must not outlive.
beforeEach(() => {
  t.clock.reset();
  t.clock.freeze();
});

const UNLOCK_SUBJECT = 'Connexion suspendue sur votre compte';

async function login(email: string, password: string, options: { ip?: string; device?: string } = {}) {
  return t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email, password },
    ip: options.ip ?? randomIp(),
    headers: options.device ? { cookie: `${DEVICE_COOKIE}=${options.device}` } : {},
  });
}

/** The device cookie a successful sign-in set, as the browser would keep it. */
function deviceCookieOf(res: Awaited<ReturnType<typeof login>>): string {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error(`pas de cookie d'appareil : ${JSON.stringify(res.headers['set-cookie'])}`);
  return cookie.value;
}

/**
 * `count` wrong passwords, each from an address of its own (an attacker's many machines), waiting out
 * each delay as a patient attacker would; the answers that were not delays.
 */
async function failFromEverywhere(email: string, count: number) {
  const answers = [];
  for (let i = 0; i < count; i++) {
    for (;;) {
      const res = await login(email, `Faux!${i}mot2passe`);
      if (res.statusCode !== 429) {
        answers.push(res);
        break;
      }
      t.clock.advance(res.json().retryAfterSeconds * 1000);
    }
  }
  return answers;
}

async function passwordChecksSoFar(): Promise<number> {
  const metrics = await t.request({ method: 'GET', url: '/metrics' });
  const count = metrics.body.match(/^facturo_password_checks_total (\d+)$/m)?.[1];
  if (count === undefined) throw new Error('facturo_password_checks_total absent de /metrics');
  return Number(count);
}

describe('refused sign-ins tell nothing about the address', () => {
  it('answers an unknown address, a closed account, one without password and a wrong password alike', async () => {
    const { email } = await createUser(t);
    const { email: invited } = await createUser(t, { passwordHash: null, emailVerifiedAt: null });
    const { email: closed, id } = await createUser(t);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
    const answers = [
      await login(email, 'Mauvais!2026x'),
      await login(uniqueEmail('inconnu'), 'Mauvais!2026x'),
      await login(invited, 'Mauvais!2026x'),
      await login(closed, STRONG_PASSWORD),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errorType: 'invalid_credentials', message: MESSAGES.invalidCredentials });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('checks one password hash on every path, known address or not (the same work, so the same time)', async () => {
    const { email } = await createUser(t);
    const { email: invited } = await createUser(t, { passwordHash: null });
    for (const [address, password] of [
      [email, 'Mauvais!2026x'],
      [uniqueEmail('inconnu'), 'Mauvais!2026x'],
      [invited, 'Mauvais!2026x'],
      [email, STRONG_PASSWORD],
    ] as const) {
      const before = await passwordChecksSoFar();
      await login(address, password);
      expect(await passwordChecksSoFar(), address).toBe(before + 1);
    }
  });

  it('checks unknown addresses against a hash of the very parameters of real ones', async () => {
    const { id } = await createUser(t);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    const parameters = (hash: string) => hash.split('$').slice(0, 4).join('$');
    expect(parameters(await dummyPasswordHash())).toBe(parameters(row?.passwordHash ?? ''));
    expect(parameters(await dummyPasswordHash())).toBe('$argon2id$v=19$m=19456,p=1,t=2');
  });

  it('answers a locked unknown address exactly as a locked account', async () => {
    const { email } = await createUser(t);
    const account = (await failFromEverywhere(email, 51)).at(-1);
    const unknown = (await failFromEverywhere(uniqueEmail('inconnu'), 51)).at(-1);
    expect(account?.statusCode).toBe(403);
    expect(unknown?.statusCode).toBe(account?.statusCode);
    expect(unknown?.json()).toEqual(account?.json());
    expect(account?.json()).toEqual({ errorType: 'unlock_required', message: MESSAGES.unlockRequired });
  }, 180_000);
});

describe('an account attacked from a hundred addresses', () => {
  it('keeps its owner signing in from a known device; a new device needs the unlock link, which works once', async () => {
    const { email } = await createUser(t);
    const home = deviceCookieOf(await login(email, STRONG_PASSWORD));

    const answers = await failFromEverywhere(email, 100);
    // Fifty failures, then no more guesses from unknown devices: refused before any password check.
    expect(answers.slice(0, 50).every((res) => res.statusCode === 401)).toBe(true);
    expect(answers.slice(50).every((res) => res.json().errorType === 'unlock_required')).toBe(true);

    // The owner at home signs in, from anywhere, and gets a fresh cookie.
    const atHome = await login(email, STRONG_PASSWORD, { device: home });
    expect(atHome.statusCode).toBe(200);
    const renewed = deviceCookieOf(atHome);
    expect(renewed).not.toBe(home);
    expect((await login(email, STRONG_PASSWORD, { device: renewed })).statusCode).toBe(200);

    // A new device, even with the right password, is refused before it is checked.
    const newDevice = await login(email, STRONG_PASSWORD);
    expect(newDevice.statusCode).toBe(403);
    expect(newDevice.json()).toEqual({ errorType: 'unlock_required', message: MESSAGES.unlockRequired });

    // One e-mail, however many refusals: its link is still unused.
    const mail = await waitForMail(t.outboxDir, email, UNLOCK_SUBJECT);
    expect(mail.text).toContain('vos appareils habituels se connectent toujours');
    const token = new URL(linkIn(mail, '/unlock-login')).searchParams.get('token') ?? '';
    const unlock = () => t.request({ method: 'POST', url: '/api/auth/unlock-login', body: { token } });
    const unlocked = await unlock();
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().message).toBe(
      'La connexion à votre compte est débloquée. Vous pouvez maintenant vous connecter.',
    );
    expect(
      (await readOutbox(t.outboxDir)).filter((m) => m.to === email && m.subject.includes(UNLOCK_SUBJECT)),
    ).toHaveLength(1);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);

    const again = await unlock();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ errorType: 'invalid_token', message: MESSAGES.invalidLink });
  }, 180_000);

  it('trusts a device cookie for its own account only, and never a tampered one', async () => {
    const { email } = await createUser(t);
    const { email: other } = await createUser(t);
    const otherDevice = deviceCookieOf(await login(other, STRONG_PASSWORD));
    const own = deviceCookieOf(await login(email, STRONG_PASSWORD));
    await failFromEverywhere(email, 50);
    const [header, payload, signature] = own.split('.');
    const tampered = `${header}.${payload}.${signature?.slice(0, -2)}xx`;
    for (const device of [otherDevice, tampered, 'n-importe-quoi']) {
      const res = await login(email, STRONG_PASSWORD, { device });
      expect(res.json().errorType, device).toBe('unlock_required');
    }
    expect((await login(email, STRONG_PASSWORD, { device: own })).statusCode).toBe(200);
  }, 120_000);

  it('slows a known device on its own: its failures are not the account’s', async () => {
    const { email } = await createUser(t);
    const device = deviceCookieOf(await login(email, STRONG_PASSWORD));
    for (let i = 0; i < 5; i++) {
      expect((await login(email, `Faux!${i}mot2passe`, { device })).statusCode).toBe(401);
    }
    const locked = await login(email, STRONG_PASSWORD, { device });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().retryAfterSeconds).toBe(60);
    // Another device is not slowed by them.
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('is unlocked by a password reset too: that link proves the mailbox as well', async () => {
    const { email } = await createUser(t);
    await failFromEverywhere(email, 50);
    expect((await login(email, STRONG_PASSWORD)).json().errorType).toBe('unlock_required');
    await t.request({ method: 'POST', url: '/api/auth/reset-password', body: { email } });
    const mail = await waitForMail(t.outboxDir, email, 'Réinitialisation de votre mot de passe');
    const token = new URL(linkIn(mail, '/reset-password-confirm')).searchParams.get('token') ?? '';
    const newPassword = 'Nouveau#Mot2Passe';
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password-confirm',
      body: { token, newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, newPassword)).statusCode).toBe(200);
  }, 120_000);
});

describe('the device cookie', () => {
  it('is set at each sign-in: HttpOnly, SameSite, for the sign-in route only, for a year, not Secure on http', async () => {
    const { email } = await createUser(t);
    const res = await login(email, STRONG_PASSWORD);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth/login',
      maxAge: 31_536_000,
    });
    expect(cookie?.secure).toBeUndefined();
  });

  it('is Secure when the app is served over https', async () => {
    const secure = await startTestApp({ appUrl: 'https://facturo.test' });
    try {
      const { email } = await createUser(secure);
      const res = await secure.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email, password: STRONG_PASSWORD },
      });
      expect(res.cookies.find((c) => c.name === DEVICE_COOKIE)?.secure).toBe(true);
    } finally {
      await secure.close();
    }
  }, 60_000);
});
