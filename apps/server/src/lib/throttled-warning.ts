/** Where the warning goes: the server's pino logger (or Fastify's, which is one). */
export interface WarningLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * A warning about something that can happen thousands of times a second under load (a refused request,
 * a closed socket): the first occurrence is logged at once, then at most one line per interval, each
 * saying how many occurred since the previous one. A burst leaves a readable log, and every occurrence
 * is still counted.
 */
export class ThrottledWarning {
  private unreported = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly log: WarningLog,
    private readonly message: string,
    private readonly intervalMs = 1_000,
  ) {}

  record(): void {
    this.unreported++;
    if (!this.timer) this.report();
  }

  private report(): void {
    if (this.unreported === 0) {
      this.timer = undefined;
      return;
    }
    this.log.warn({ occurrences: this.unreported }, this.message);
    this.unreported = 0;
    // A process with nothing else to do does not stay up for a last summary line.
    this.timer = setTimeout(() => this.report(), this.intervalMs).unref();
  }
}
