import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The migrated embedded database the build writes beside dist/main.js (build.mjs, pglite-template.build.ts). */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/**
 * The build's template, wherever this module runs from: dist/main.js or one of dist/chunks/, or the
 * sources (tsx: `npm run dev`, the browser tests' server), which use the last build's when there is one.
 * A template older than the migrations is still right: the start applies the newer ones to it.
 */
export function findPgliteTemplate(): string | undefined {
  for (const candidate of [
    `./${PGLITE_TEMPLATE_FILE}`,
    `../${PGLITE_TEMPLATE_FILE}`,
    `../../dist/${PGLITE_TEMPLATE_FILE}`,
  ]) {
    const file = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** A data directory PostgreSQL has never been initialised in (initdb writes PG_VERSION first). */
export const isNewDataDir = (dataDir: string): boolean => !existsSync(path.join(dataDir, 'PG_VERSION'));
