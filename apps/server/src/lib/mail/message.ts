/**
 * Who is waiting for an e-mail, which sets its place in the queue: a person on a sign-up, reset or
 * invitation page waits for an account e-mail, so it goes before support and invoice e-mails.
 */
export type MailKind = 'account' | 'support' | 'invoice';

/** An e-mail as the queue carries it: plain JSON, so a job survives a restart. */
export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: { name: string; address: string };
  /** Base64, so the job stays plain JSON in the queue. */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
  /**
   * Issue 17: the user who sent it to their client (an invoice or a quote), told in the app when the
   * address refuses it. Set by transactionWithMail; never part of the e-mail itself.
   */
  expediteurId?: string;
}

/** nodemailer's shape of a message; names and addresses are encoded by nodemailer, never concatenated. */
export function toNodemailer(message: MailMessage, from: string) {
  const { attachments, kind: _kind, expediteurId: _expediteurId, ...rest } = message;
  return {
    from,
    ...rest,
    attachments: attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.contentBase64, 'base64'),
    })),
  };
}

export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
  /** Closes pooled connections at shutdown. */
  close(): void;
}
