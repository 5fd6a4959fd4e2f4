import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The migrations sit in apps/server/drizzle. The server runs from src/ (tsx, tests) or from the
 * bundle in dist/; both are one level below apps/server, but src/db is two levels, so look for it.
 */
export function migrationsFolder(): string {
  for (const candidate of ['../drizzle', '../../drizzle']) {
    const folder = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${folder}/meta/_journal.json`)) return folder;
  }
  throw new Error('Dossier des migrations introuvable (apps/server/drizzle)');
}
