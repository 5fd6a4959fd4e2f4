import {
  CONTACT_SENT_MESSAGE,
  CONTACT_SUBJECT_LABELS,
  type contactRequestSchema,
  WAITLIST_JOINED_MESSAGE,
  type waitlistRequestSchema,
} from '@facturo/shared/public-forms';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { transactionWithMail } from '../../lib/mail/mail-queue.js';
import { contactSupportEmail } from '../../lib/mail/templates.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { addToWaitlist, insertContactMessage } from './public-forms.repo.js';

type ContactInput = z.output<typeof contactRequestSchema>;
type WaitlistInput = z.output<typeof waitlistRequestSchema>;

/** The two forms of the public site (issue 7): anyone may use them, so both are rate-limited. */
export class PublicFormsService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Kept and queued to support in one transaction: if queuing fails nothing is kept, and the visitor
   * sees an error to retry rather than a message support never hears of.
   * The visitor gets no copy: the form must not be a way to make Facturo e-mail any address.
   */
  async contact(input: ContactInput, ip: string): Promise<{ message: string }> {
    await this.ctx.rateLimiter.hit([
      { rule: RATE_LIMITS.contactByIp, key: ip },
      { rule: RATE_LIMITS.contactByEmail, key: input.email },
    ]);
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      await insertContactMessage(tx, { ...input, createdAt: this.ctx.clock.now() });
      await queueMail(
        contactSupportEmail(this.ctx.config.supportEmail, {
          ...input,
          sujetLabel: CONTACT_SUBJECT_LABELS[input.sujet],
        }),
      );
    });
    return { message: CONTACT_SENT_MESSAGE };
  }

  /** Same answer whether the address was new or already listed: the list is not a way to test addresses. */
  async joinWaitlist(input: WaitlistInput, ip: string): Promise<{ created: boolean; message: string }> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.waitlistByIp, key: ip }]);
    const created = await addToWaitlist(this.ctx.db, { ...input, createdAt: this.ctx.clock.now() });
    return { created, message: WAITLIST_JOINED_MESSAGE };
  }
}
