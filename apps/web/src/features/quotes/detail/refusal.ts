import { describeActionError } from '../../invoices/error-messages';

/** The server's reason when it refused (e.g. QUOTE_MESSAGES.notAccepted), else the action's own failure. */
export function refusalSentence(error: unknown, fallback: string): string {
  const { message, detail } = describeActionError(error, fallback);
  return detail ?? message;
}
