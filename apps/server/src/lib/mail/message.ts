/** An e-mail as the queue carries it: plain JSON, so a job survives a restart. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
}
