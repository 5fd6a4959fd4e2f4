/**
 * The test platform's planned outages, per client: the next N submissions answer 503, before keeping
 * the flow (« avant ») or after (« apres »: the answer is lost, the retry must land on the same flow).
 * Kept in this replica's memory: it serves the tests of retries, which talk to one server.
 */
export class FailureSwitch {
  private readonly planned = new Map<string, { remaining: number; moment: 'avant' | 'apres' }>();

  plan(clientId: string, count: number, moment: 'avant' | 'apres'): void {
    if (count === 0) this.planned.delete(clientId);
    else this.planned.set(clientId, { remaining: count, moment });
  }

  /** The failure planned for this submission, if any (and one fewer to come). */
  take(clientId: string): 'avant' | 'apres' | null {
    const plan = this.planned.get(clientId);
    if (!plan) return null;
    plan.remaining -= 1;
    if (plan.remaining <= 0) this.planned.delete(clientId);
    return plan.moment;
  }
}
