import { randomUUID } from 'node:crypto';
import { luhnKeyFor } from '@facturo/shared';
import type pg from 'pg';
import { CopyWriter } from './copy-rows.js';
import { clientsOf, DAY_MS, seededRandom } from './scale-plan.js';

const COMPANIES = ['Atelier', 'Studio', 'Cabinet', 'Maison', 'Boulangerie', 'Agence', 'Librairie', 'Garage'];
const PLACES = ['Lumière', 'des Halles', 'du Port', 'Belleville', 'Saint-Michel', 'des Tilleuls', 'Horizon'];

/** A SIRET whose SIREN and establishment keys are right, unique by `n`. */
export function siretOf(n: number): string {
  const siren8 = String(10_000_000 + n).slice(-8);
  const siren = siren8 + luhnKeyFor(siren8);
  const body = `${siren}${String(n % 10_000).padStart(4, '0')}`;
  return body + luhnKeyFor(body);
}

export const emailOf = (professional: number) =>
  professional === 0 ? 'mesure@bench.facturo.test' : `pro-${professional}@bench.facturo.test`;

export interface Professional {
  id: string;
  issuerSnapshot: string;
  clientIds: string[];
  clientSnapshots: string[];
}

/** Users and clients by COPY; each professional's issuer snapshot and clients' snapshots made from the templates'. */
export async function copyPeople(
  db: pg.Client,
  count: number,
  passwordHash: string,
  issuerTemplate: Record<string, unknown>,
  clientTemplate: Record<string, unknown>,
): Promise<Professional[]> {
  const users = CopyWriter.open(db, 'users', [
    'id',
    'email',
    'password_hash',
    'nom',
    'prenom',
    'role',
    'siret',
    'adresse',
    'code_postal',
    'ville',
    'email_verified_at',
    'plan',
    'trial_ends_at',
  ]);
  const verified = new Date().toISOString();
  const trialEnds = new Date(Date.now() + 15 * DAY_MS).toISOString();
  const professionals: Professional[] = [];
  const random = seededRandom(7);
  for (let p = 0; p < count; p++) {
    const id = randomUUID();
    const siret = siretOf(p + 1);
    const nom = `Martin-${p}`;
    await users.write([
      id,
      emailOf(p),
      passwordHash,
      nom,
      'Claire',
      'professionnel',
      siret,
      '12 rue des Lilas',
      '75011',
      'Paris',
      verified,
      'essai',
      trialEnds,
    ]);
    const issuerSnapshot = JSON.stringify({ ...issuerTemplate, nom, email: emailOf(p), siret });
    professionals.push({ id, issuerSnapshot, clientIds: [], clientSnapshots: [] });
  }
  await users.end();
  const clients = CopyWriter.open(db, 'clients', [
    'id',
    'owner_id',
    'nom',
    'email',
    'siret',
    'rue',
    'code_postal',
    'ville',
    'pays',
    'type',
  ]);
  for (const [p, professional] of professionals.entries()) {
    const n = clientsOf(p, random);
    for (let c = 0; c < n; c++) {
      const id = randomUUID();
      const nom = `${COMPANIES[c % COMPANIES.length]} ${PLACES[(c + p) % PLACES.length]} ${c + 1}`;
      const email = `compta-${c}@client-${p}.test`;
      const siret = siretOf(1_000_000 + p * 50 + c);
      await clients.write([
        id,
        professional.id,
        nom,
        email,
        siret,
        '3 place du Marché',
        '69002',
        'Lyon',
        'FR',
        'entreprise',
      ]);
      professional.clientIds.push(id);
      professional.clientSnapshots.push(
        JSON.stringify({
          ...clientTemplate,
          nom,
          email,
          siret,
        }),
      );
    }
  }
  await clients.end();
  return professionals;
}
