import { fileURLToPath } from 'node:url';

/** The repository's root and the server's folder, wherever the bench is started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const BENCH_DIR = fileURLToPath(new URL('../', import.meta.url));
