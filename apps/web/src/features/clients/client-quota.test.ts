import { describe, expect, it } from 'vitest';
import { clientQuotaBlock } from './client-quota';

describe('clientQuotaBlock', () => {
  it('blocks a free plan with no client left', () => {
    expect(clientQuotaBlock({ clients: { restant: 0, utilise: 10, limite: 10 } })).toEqual({
      utilise: 10,
      limite: 10,
    });
  });

  it('lets the others add', () => {
    expect(clientQuotaBlock({ clients: { restant: 3, utilise: 7, limite: 10 } })).toBeNull();
    expect(clientQuotaBlock({ clients: { restant: null, utilise: 40, limite: null } })).toBeNull();
  });

  it('allows adding when the quota could not be read', () => {
    expect(clientQuotaBlock(undefined)).toBeNull();
  });
});
