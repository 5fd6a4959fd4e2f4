import { rename, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from './pglite.js';
import { prepareSchema } from './prepare-schema.js';

/**
 * Writes the embedded database's template: a fresh PGlite, migrated and with the job queue's schema, as the
 * gzipped tarball of its data directory. A first start loads it instead of running initdb and every
 * migration (about 8 of its 9 seconds on the 2-core machine); build.mjs calls this after bundling.
 */
export async function writePgliteTemplate(file: string): Promise<number> {
  const client = new PGlite();
  try {
    await prepareSchema(pgliteDatabase(client));
    const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    // Written aside, then renamed over the old one: a build stopped halfway (Ctrl+C, a signal to
    // `npm start` while it rebuilds) leaves the previous template whole, never a truncated one.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, dump);
    await rename(partial, file);
    return dump.length;
  } finally {
    await client.close();
  }
}
