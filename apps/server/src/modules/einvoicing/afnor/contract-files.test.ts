import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const afnor = import.meta.dirname;
const server = path.resolve(afnor, '../../../..');
const DOCUMENTS = ['flow-service-1.3.0.openapi.json', 'directory-service-1.3.0.openapi.json'];
/** The standard as shared with the team (absent on a machine that has only the repository). */
const shared = path.resolve(server, '../../../shared/einvoicing/afnor-xp-z12-013');

describe('the AFNOR XP Z12-013 contract files', () => {
  it('are the official documents, unchanged', () => {
    for (const document of DOCUMENTS) {
      const ours = readFileSync(path.join(afnor, 'contract', document));
      expect(JSON.parse(ours.toString('utf8')).openapi).toBe('3.0.3');
      const official = path.join(shared, document);
      if (existsSync(official)) expect(ours.equals(readFileSync(official)), document).toBe(true);
    }
  });

  it('have generated types that are exactly what the script makes of them (never edited by hand)', async () => {
    const script = path.join(server, 'scripts', 'generate-afnor-types.mjs');
    // Rejects (exit 1, naming the stale file) when a generated file differs from the documents' types.
    await expect(promisify(execFile)(process.execPath, [script, '--check'])).resolves.toBeDefined();
  });
});
