import { describe, expect, it } from 'vitest';
import { inAppPath } from './checkout-url';

const origin = 'http://127.0.0.1:3210';

describe('inAppPath', () => {
  it('keeps the path and query of a url on the app origin', () => {
    expect(inAppPath(`${origin}/subscription/checkout/test?session=test_1`, origin)).toBe(
      '/subscription/checkout/test?session=test_1',
    );
    expect(inAppPath('/subscription/checkout/test?session=a', origin)).toBe(
      '/subscription/checkout/test?session=a',
    );
  });

  it('leaves other origins to a page load', () => {
    expect(inAppPath('https://checkout.stripe.com/c/pay/cs_test_1', origin)).toBeNull();
    expect(inAppPath('http://127.0.0.1:9999/subscription', origin)).toBeNull();
  });
});
