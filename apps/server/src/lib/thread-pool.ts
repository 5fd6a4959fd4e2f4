import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';

type PoolOptions = NonNullable<ConstructorParameters<typeof Piscina>[0]>;

/** The options of a pool but where its worker file is: that one is found here (threadPool). */
export type ThreadPoolOptions = Omit<PoolOptions, 'filename' | 'execArgv'>;

/** Leave a core to the HTTP thread; more threads than the other cores would only take turns on the CPU. */
export function spareCores(atMost: number): number {
  return Math.max(1, Math.min(atMost, availableParallelism() - 1));
}

/**
 * A pool of worker threads (piscina) running `entry`: build.mjs bundles each worker entry as
 * dist/<entry>.js beside dist/main.js. piscina itself is loaded with the pool's first task, not at start
 * (build.mjs checks it). `source` is the entry's TypeScript file, run when the server runs from its sources.
 */
export async function threadPool<Task, Result>(
  entry: string,
  source: URL,
  options: ThreadPoolOptions,
): Promise<Piscina<Task, Result>> {
  const { Piscina } = await import('piscina');
  const worker = workerFile(entry, source);
  return new Piscina<Task, Result>({
    ...options,
    filename: worker.href,
    // From the TypeScript sources (tsx, vitest) the worker needs tsx's loader too; the bundle does not.
    ...(worker.pathname.endsWith('.ts') ? { execArgv: ['--import', 'tsx'] } : {}),
  });
}

/**
 * dist/<entry>.js beside dist/main.js, where this module's code then lives — or in dist/chunks/ should
 * code splitting move it into a shared chunk; from the sources, the TypeScript entry.
 */
function workerFile(entry: string, source: URL): URL {
  for (const candidate of [`./${entry}.js`, `../${entry}.js`]) {
    const bundled = new URL(candidate, import.meta.url);
    if (existsSync(fileURLToPath(bundled))) return bundled;
  }
  return source;
}
