import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { REPO_ROOT } from './server-process.js';

const XSD_DIR = fileURLToPath(new URL('../modules/invoices/document/xsd/', import.meta.url));
const ENTRY = 'Factur-X_EN16931.xsd';

/** Validates a CII document against the official Factur-X 1.09 EN 16931 schema, as xmllint would. */
export async function validateAgainstXsd(xml: string): Promise<string[]> {
  const schemaFiles = readdirSync(XSD_DIR).filter((f) => f.endsWith('.xsd'));
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [{ fileName: ENTRY, contents: readFileSync(`${XSD_DIR}${ENTRY}`, 'utf8') }],
    preload: schemaFiles
      .filter((f) => f !== ENTRY)
      .map((fileName) => ({ fileName, contents: readFileSync(`${XSD_DIR}${fileName}`, 'utf8') })),
  });
  return result.errors.map((e) => e.rawMessage);
}

/** Every text of the elements named `name` (our XML has no nesting of same-named elements). */
export function values(xml: string, name: string): string[] {
  const pattern = new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((m) => m[1] ?? '');
}

export function value(xml: string, name: string): string | undefined {
  return values(xml, name)[0];
}

/** The content of the first element `name`, with its children. */
export function section(xml: string, name: string): string {
  const start = xml.indexOf(`<${name}`);
  const end = xml.indexOf(`</${name}>`, start);
  return start === -1 || end === -1 ? '' : xml.slice(start, end + name.length + 3);
}

export const cents = (amount: string | undefined) => Math.round(Number(amount) * 100);

/**
 * ../shared beside the checkout; from a linked work tree (git worktree), beside the main checkout, which
 * the common git directory names.
 */
function sharedFolder(): string {
  const beside = path.join(REPO_ROOT, '..', 'shared');
  if (existsSync(beside)) return beside;
  const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  }).trim();
  return path.join(path.dirname(common), '..', 'shared');
}

/**
 * The official validators of ../shared/facturx (XSD, CEN EN 16931, Factur-X and French BR-FR schematrons),
 * in one call for every file given: each stylesheet is compiled once per call. Resolves with the script's
 * exit code and its report.
 */
export function runOfficialValidators(files: string[]): Promise<{ code: number | null; report: string }> {
  const script = path.join(sharedFolder(), 'facturx', 'validate.sh');
  return new Promise((resolve, reject) => {
    execFile('bash', [script, ...files], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ code: error ? Number(error.code) : 0, report: `${stdout}${stderr}` });
    });
  });
}
