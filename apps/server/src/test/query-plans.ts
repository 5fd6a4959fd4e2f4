import pg from 'pg';
import type { Database } from '../db/types.js';

/** One statement as the application sent it to PostgreSQL: its text and its bound values. */
export interface SentStatement {
  text: string;
  values: unknown[];
}

/** One node of an EXPLAIN (FORMAT JSON) plan, with what the assertions read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** What an index scan looks up in its index (the columns it bounds). */
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * Records every statement the pg driver sends while `work` runs, from any pool of this process (node-postgres
 * hands each one to Client.prototype.query, drizzle's and the raw SQL alike). The statements are the real
 * ones: nothing is rebuilt by the test.
 */
export async function statementsSentBy(work: () => Promise<void>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function recorded(this: unknown, ...args: unknown[]) {
    const statement = asStatement(args[0], args[1]);
    if (statement) sent.push(statement);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return sent;
}

/** pg takes `(text, values)` or `({ text, values })`, and drizzle passes `({ text, … }, values)`. */
function asStatement(first: unknown, second: unknown): SentStatement | undefined {
  const apart = Array.isArray(second) ? second : [];
  if (typeof first === 'string') return { text: first, values: apart };
  if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string') {
    const values = 'values' in first && Array.isArray(first.values) ? first.values : apart;
    return { text: first.text, values };
  }
  return undefined;
}

/** The reads among `statements` that touch one of `tables` (the session's user read and the writes aside). */
export function readsOf(statements: SentStatement[], tables: readonly string[]): SentStatement[] {
  const touches = new RegExp(`\\b(${tables.join('|')})\\b`, 'i');
  return statements.filter(
    (statement) => /^\s*(select|with)\b/i.test(statement.text) && touches.test(statement.text),
  );
}

/** The plan PostgreSQL makes for the statement with its very values (a custom plan, as the server's). */
export async function planOf(database: Database, statement: SentStatement): Promise<PlanNode> {
  const { rows } = await database.executeSql(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
  const explained = rows[0]?.['QUERY PLAN'] as { Plan: PlanNode }[] | string;
  const plan = typeof explained === 'string' ? (JSON.parse(explained) as { Plan: PlanNode }[]) : explained;
  const root = plan[0]?.Plan;
  if (!root) throw new Error(`EXPLAIN sans plan : ${statement.text}`);
  return root;
}

export function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** « Seq Scan on invoices » for each sequential scan of one of `tables` in the plan. */
export function sequentialScans(plan: PlanNode, tables: readonly string[]): string[] {
  return nodesOf(plan)
    .filter((node) => node['Node Type'] === 'Seq Scan' && tables.includes(node['Relation Name'] ?? ''))
    .map((node) => `Seq Scan on ${node['Relation Name']}`);
}

/** The indexes the plan reads (index, index-only and bitmap index scans). */
export function indexesRead(plan: PlanNode): string[] {
  return nodesOf(plan).flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
}

/** The plan as indented lines (« Index Scan invoices_issuer_page_idx on invoices »), for failure messages. */
export function planTree(plan: PlanNode, depth = 0): string {
  const on = plan['Relation Name'] ? ` on ${plan['Relation Name']}` : '';
  const index = plan['Index Name'] ? ` ${plan['Index Name']}` : '';
  const line = `${'  '.repeat(depth)}${plan['Node Type']}${index}${on}`;
  return [line, ...(plan.Plans ?? []).map((child) => planTree(child, depth + 1))].join('\n');
}
