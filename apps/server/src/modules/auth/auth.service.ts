import {
  type loginRequestSchema,
  MESSAGES,
  PASSWORD_POLICY_MESSAGE,
  passwordProblems,
  type registerRequestSchema,
  type User,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type EmailTokenPurpose, loginEvents, type UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { HOUR_MS } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { isUnlockRequired } from '../../lib/login-throttle.js';
import { transactionWithMail } from '../../lib/mail/mail-queue.js';
import type { MailMessage } from '../../lib/mail/message.js';
import {
  confirmationEmail,
  loginUnlockEmail,
  passwordChangedEmail,
  passwordResetEmail,
} from '../../lib/mail/templates.js';
import { parisDate } from '../../lib/paris-date.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password-hash.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { hashToken } from '../../lib/secure-token.js';
import { findOpenArchive } from '../account/closed-account.repo.js';
import { trialEnd } from '../subscription/trial.js';
import { findSiretHolder, refusingTakenSiret, siretTaken } from '../users/siret-ownership.js';
import { userView } from '../users/user-view.js';
import { findUserByEmail, findUserById, insertUser, setPassword, updateUser } from '../users/users.repo.js';
import {
  consumeEmailToken,
  findEmailToken,
  invalidateUserTokens,
  issueEmailToken,
  latestEmailToken,
} from './email-tokens.repo.js';

const VERIFY_EMAIL_TTL_MS = 24 * HOUR_MS;
const RESET_PASSWORD_TTL_MS = HOUR_MS;
const UNLOCK_LOGIN_TTL_MS = 24 * HOUR_MS;

type RegisterInput = z.output<typeof registerRequestSchema>;
type LoginInput = z.output<typeof loginRequestSchema>;

const emailAlreadyUsed = () =>
  new AppError(
    409,
    'email_already_used',
    'Un compte existe déjà avec cette adresse email. Connectez-vous ou réinitialisez votre mot de passe.',
  );
const invalidLink = () => new AppError(400, 'invalid_token', MESSAGES.invalidLink);
/** One answer for an unknown address, an account without password and a wrong password. */
const invalidCredentials = () => new AppError(401, 'invalid_credentials', MESSAGES.invalidCredentials);

export interface SignedIn {
  session: { user: User; token: string };
  /** The Set-Cookie header naming this account on this device from now on. */
  deviceCookie: string;
}

export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  async register(input: RegisterInput, ip: string) {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.registerByIp, key: ip }]);
    const now = this.ctx.clock.now();
    const passwordHash = await hashPassword(input.password);
    const { supportEmail } = this.ctx.config;
    const user = await refusingTakenSiret(supportEmail, () =>
      transactionWithMail(this.ctx, async (tx, queueMail) => {
        // The address first: someone signing up again is better told their account exists.
        if (await findUserByEmail(tx, input.email)) throw emailAlreadyUsed();
        if (await findSiretHolder(tx, input.siret)) throw siretTaken(supportEmail);
        const created = await insertUser(tx, {
          email: input.email,
          passwordHash,
          nom: input.nom,
          prenom: input.prenom,
          siret: input.siret,
          // Sign-up is for professionals only (SPEC §5); particuliers arrive through an invoice.
          role: 'professionnel',
          isAdmin: this.ctx.config.adminEmails.includes(input.email),
          plan: 'essai',
          trialEndsAt: trialEnd(now),
        });
        if (!created) throw emailAlreadyUsed();
        const verifyToken = await this.issueToken(tx, created, 'verify_email', VERIFY_EMAIL_TTL_MS);
        await queueMail(this.confirmation(created, verifyToken));
        return created;
      }),
    );
    return {
      requiresEmailVerification: true,
      userEmail: user.email,
      siret: user.siret ?? '',
      message: 'Compte créé. Consultez votre boîte mail pour confirmer votre adresse email.',
    };
  }

  async verifyEmail(token: string) {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const row = await findEmailToken(tx, 'verify_email', hashToken(token));
      if (!row || row.usedAt) throw invalidLink();
      if (row.expiresAt <= now) {
        throw new AppError(403, 'email_verification_expired', MESSAGES.emailVerificationExpired, {
          requiresEmailVerification: true,
          tokenExpired: true,
        });
      }
      if (!(await consumeEmailToken(tx, row.id, now))) throw invalidLink();
      await updateUser(tx, row.userId, { emailVerifiedAt: now });
    });
    return { message: 'Votre adresse email est confirmée. Vous pouvez maintenant vous connecter.' };
  }

  async resendVerification(email: string, ip: string) {
    await this.ctx.rateLimiter.hit([
      { rule: RATE_LIMITS.resendByIp, key: ip },
      { rule: RATE_LIMITS.resendByEmail, key: email },
    ]);
    const user = await this.requireAccount(email);
    if (user.emailVerifiedAt) {
      throw new AppError(
        409,
        'email_already_verified',
        'Cette adresse email est déjà confirmée. Vous pouvez vous connecter.',
      );
    }
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const token = await this.issueToken(tx, user, 'verify_email', VERIFY_EMAIL_TTL_MS);
      await queueMail(this.confirmation(user, token));
    });
    return { message: `Un nouvel email de confirmation a été envoyé à ${user.email}.` };
  }

  /**
   * Whether the address has an account or not, the answer is the same 401 after the same work: the
   * same throttling, and one argon2 verification, against a dummy hash of identical parameters when
   * there is no real one. What only the account holder may learn (unconfirmed, banned) comes after a
   * correct password.
   */
  async login(input: LoginInput, ip: string, cookieHeader: string | undefined): Promise<SignedIn> {
    const now = this.ctx.clock.now();
    // Awaited on every path, so that the first sign-in of a process (which computes it) costs the same.
    const dummyHash = await dummyPasswordHash();
    const user = await this.findAccountOrArchive(input.email);
    const device = this.ctx.deviceCookies.read(cookieHeader, now);
    const knownDevice = user && device?.userId === user.id ? device.deviceId : undefined;
    const attempt = await this.beginAttempt(input.email, ip, knownDevice, user);
    const passwordRight = await verifyPassword(user?.passwordHash ?? dummyHash, input.password);
    if (!user?.passwordHash || !passwordRight) throw invalidCredentials();
    // Counted as a failure until here; what follows is no guess (only the account holder gets this far).
    await attempt.succeeded();
    // Checked after the password, so only the account holder learns the verification state.
    if (!user.emailVerifiedAt) throw await this.unverifiedError(user);
    if (user.isBanned) throw new AppError(403, 'account_banned', MESSAGES.banned);
    // Counted as it happens, with the last login, for the admin's totalLogins and the user's last logins.
    const updated = await this.ctx.db.transaction(async (tx) => {
      await tx.insert(loginEvents).values({ userId: user.id, ip, createdAt: now });
      return (await updateUser(tx, user.id, { lastLoginAt: now })) ?? user;
    });
    const token = await this.ctx.sessions.sign({ userId: user.id, tokenVersion: user.tokenVersion }, now);
    return {
      session: { user: await userView(this.ctx.db, updated), token },
      deviceCookie: this.ctx.deviceCookies.issue(user.id, now),
    };
  }

  /** The unlock link: one click, once, and devices the account does not know may sign in again. */
  async unlockLogin(token: string) {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const row = await findEmailToken(tx, 'unlock_login', hashToken(token));
      if (!row || row.usedAt || row.expiresAt <= now) throw invalidLink();
      if (!(await consumeEmailToken(tx, row.id, now))) throw invalidLink();
      const user = await findUserById(tx, row.userId);
      if (user) await this.ctx.loginThrottle.forgiveAccount(tx, user.email);
    });
    return { message: 'La connexion à votre compte est débloquée. Vous pouvez maintenant vous connecter.' };
  }

  async requestPasswordReset(email: string, ip: string) {
    await this.ctx.rateLimiter.hit([
      { rule: RATE_LIMITS.resetByIp, key: ip },
      { rule: RATE_LIMITS.resetByEmail, key: email },
    ]);
    const user = await this.requireAccount(email);
    // An invited recipient has no password yet: the reset link is how they choose one.
    if (user.passwordHash && !user.emailVerifiedAt) {
      const error = await this.unverifiedError(user);
      throw new AppError(
        error.status,
        error.errorType,
        "Vous devez d'abord confirmer votre adresse email. Vérifiez votre boîte mail ou demandez un nouvel email de confirmation.",
        error.details,
      );
    }
    if (user.isBanned) throw new AppError(403, 'account_banned', MESSAGES.banned);
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const token = await this.issueToken(tx, user, 'reset_password', RESET_PASSWORD_TTL_MS);
      const url = `${this.ctx.config.appUrl}/reset-password-confirm?token=${token}`;
      await queueMail(passwordResetEmail(user.email, user, url));
    });
    return { message: `Un email de réinitialisation a été envoyé à ${user.email}.` };
  }

  async confirmPasswordReset(token: string, newPassword: string) {
    const problems = passwordProblems(newPassword);
    if (problems.length > 0) throw badRequest(PASSWORD_POLICY_MESSAGE, { errors: problems });
    const now = this.ctx.clock.now();
    const passwordHash = await hashPassword(newPassword);
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const row = await findEmailToken(tx, 'reset_password', hashToken(token));
      if (!row || row.usedAt || row.expiresAt <= now) throw invalidLink();
      if (!(await consumeEmailToken(tx, row.id, now))) throw invalidLink();
      // The link proves the mailbox is theirs, which also confirms the address.
      await setPassword(tx, row.userId, passwordHash, now);
      await invalidateUserTokens(tx, row.userId, 'reset_password', now);
      const user = await updateUser(tx, row.userId, {});
      if (!user) return;
      // The link proved the mailbox, as the unlock link would have: unknown devices may sign in again.
      await this.ctx.loginThrottle.forgiveAccount(tx, user.email);
      await queueMail(passwordChangedEmail(user.email, user, `${this.ctx.config.appUrl}/login`));
    });
    return { message: 'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.' };
  }

  async emailStatus(email: string, ip: string) {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.statusByIp, key: ip }]);
    const user = await this.requireAccount(email);
    return { email: user.email, emailVerified: user.emailVerifiedAt !== null };
  }

  private async requireAccount(email: string): Promise<UserRow> {
    const user = await this.findAccount(email);
    if (!user) throw new AppError(404, 'account_not_found', MESSAGES.accountNotFound);
    return user;
  }

  private async findAccount(email: string): Promise<UserRow | null> {
    const user = await findUserByEmail(this.ctx.db, email);
    // A closed account's placeholder address (…@facturo.invalid) is not an account anyone can use.
    return user && !user.deletedAt ? user : null;
  }

  /** Signing in only: with no open account, a closed one's read-only archive while its retention lasts. */
  private async findAccountOrArchive(email: string): Promise<UserRow | null> {
    const user = await this.findAccount(email);
    if (user) return user;
    return (await findOpenArchive(this.ctx.db, email, parisDate(this.ctx.clock.now()))) ?? null;
  }

  /**
   * The throttle's verdict; an account waiting for its unlock link gets one by e-mail, unless a link
   * still unused and valid was sent already (strangers hammering it must not flood its owner's inbox).
   */
  private async beginAttempt(
    email: string,
    ip: string,
    knownDevice: string | undefined,
    user: UserRow | null,
  ) {
    try {
      return await this.ctx.loginThrottle.begin(email, ip, knownDevice);
    } catch (error) {
      if (isUnlockRequired(error) && user && !user.isBanned) await this.sendUnlockLink(user);
      throw error;
    }
  }

  private async sendUnlockLink(user: UserRow): Promise<void> {
    const now = this.ctx.clock.now();
    const latest = await latestEmailToken(this.ctx.db, user.id, 'unlock_login');
    if (latest && !latest.usedAt && latest.expiresAt > now) return;
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const token = await this.issueToken(tx, user, 'unlock_login', UNLOCK_LOGIN_TTL_MS);
      await queueMail(
        loginUnlockEmail(user.email, user, `${this.ctx.config.appUrl}/unlock-login?token=${token}`),
      );
    });
  }

  private async unverifiedError(user: UserRow): Promise<AppError> {
    const latest = await latestEmailToken(this.ctx.db, user.id, 'verify_email');
    if (latest && latest.expiresAt <= this.ctx.clock.now()) {
      return new AppError(403, 'email_verification_expired', MESSAGES.emailVerificationExpired, {
        requiresEmailVerification: true,
        tokenExpired: true,
      });
    }
    return new AppError(403, 'email_not_verified', MESSAGES.emailNotVerified, {
      requiresEmailVerification: true,
    });
  }

  private issueToken(tx: Tx, user: UserRow, purpose: EmailTokenPurpose, ttlMs: number): Promise<string> {
    return issueEmailToken(tx, user.id, purpose, this.ctx.clock.now(), ttlMs);
  }

  private confirmation(user: UserRow, token: string): MailMessage {
    return confirmationEmail(user.email, user, `${this.ctx.config.appUrl}/verify-email?token=${token}`);
  }
}
