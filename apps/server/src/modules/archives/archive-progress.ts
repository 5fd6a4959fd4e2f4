/** How often the build's progress is written and announced: every this many steps… */
const STEP_BATCH = 10;
/** …or once this long has passed since the last write, whichever comes first. */
const INTERVAL_MS = 200;

/**
 * Counts the build's steps and reports them in batches: one write (and one live event) per step would
 * cost more than the step itself on a year of small invoices, while a bar that moves every 200 ms looks
 * live. `now` is the wall clock (the throttle is about real time, not the application's clock).
 */
export class ArchiveProgress {
  private done = 0;
  private reported = 0;
  private reportedAt: number;

  constructor(
    private readonly report: (done: number) => Promise<void>,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.reportedAt = this.now();
  }

  /** One more step done; reported if the batch is full or the interval has passed. */
  async step(): Promise<void> {
    this.done += 1;
    if (this.done - this.reported >= STEP_BATCH || this.now() - this.reportedAt >= INTERVAL_MS) {
      await this.flush();
    }
  }

  get count(): number {
    return this.done;
  }

  /** Reports what is not yet reported. */
  async flush(): Promise<void> {
    if (this.done === this.reported) return;
    this.reported = this.done;
    this.reportedAt = this.now();
    await this.report(this.done);
  }
}
