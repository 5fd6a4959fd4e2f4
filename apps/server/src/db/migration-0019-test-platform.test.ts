import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migrations-up-to.js';

/**
 * The test platform speaks the standard: the flows it already kept get a flow type from their syntax, an
 * acknowledgement Ok and a processing rule; their old statuses list goes (statuses travel as CDAR flows).
 */
const PREVIOUS = '0018_afnor_connection';

describe('migration 0019: the test platform’s flows under the standard', () => {
  let client: PGlite;
  let database: Awaited<ReturnType<typeof databaseBefore>>;

  beforeAll(async () => {
    database = await databaseBefore(PREVIOUS);
    client = database.client;
    const flow = (id: string, syntax: string, rule: string) =>
      `insert into test_platform_flows (flow_id, sender_client_id, syntax, processing_rule, name, content, sha256, statuses)
       values ('${id}', 'client-1', '${syntax}', ${rule}, '${id}.xml', '\\x00'::bytea, 'x', '[{"code":200,"date":"2026-01-01T00:00:00Z"}]');`;
    await client.exec(
      [flow('facture', 'UBL', 'null'), flow('statut', 'CDAR', `'B2B'`), flow('rapport', 'FRR', `'B2C'`)].join(
        '\n',
      ),
    );
    await database.migrateToLatest();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('keeps every flow, typed by its syntax, acknowledged Ok', async () => {
    const { rows } = await client.query(
      'select flow_id, flow_type, ack_status, processing_rule, flow_profile from test_platform_flows order by flow_id',
    );
    expect(rows).toEqual([
      {
        flow_id: 'facture',
        flow_type: 'CustomerInvoice',
        ack_status: 'Ok',
        processing_rule: 'B2B',
        flow_profile: 'Undefined',
      },
      {
        flow_id: 'rapport',
        flow_type: 'UnitaryCustomerTransactionReport',
        ack_status: 'Ok',
        processing_rule: 'B2C',
        flow_profile: 'Undefined',
      },
      {
        flow_id: 'statut',
        flow_type: 'CustomerInvoiceLC',
        ack_status: 'Ok',
        processing_rule: 'B2B',
        flow_profile: 'Undefined',
      },
    ]);
    const { rows: webhooks } = await client.query('select count(*)::int as n from test_platform_webhooks');
    expect(webhooks).toEqual([{ n: 0 }]);
  });
});
