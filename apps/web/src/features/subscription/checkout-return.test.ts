import { describe, expect, it } from 'vitest';
import { readCheckoutReturn } from './checkout-return';

describe('readCheckoutReturn', () => {
  it('reads a success with its session, or a cancellation', () => {
    expect(readCheckoutReturn(new URLSearchParams('checkout=success&session_id=cs_123'))).toEqual({
      kind: 'success',
      sessionId: 'cs_123',
    });
    expect(readCheckoutReturn(new URLSearchParams('checkout=cancelled'))).toEqual({ kind: 'cancelled' });
  });

  it('ignores a success without session and anything else', () => {
    expect(readCheckoutReturn(new URLSearchParams('checkout=success'))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams('checkout=bof'))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams(''))).toBeNull();
  });
});
