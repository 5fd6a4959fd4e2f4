import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeProvider } from '../modules/subscription/stripe-provider.js';
import { startTestApp, type TestApp } from './harness.js';

/** One call the official SDK made, as the Stripe-shaped API on loopback received it. */
export interface StripeCall {
  method: string;
  path: string;
  body: URLSearchParams;
}

export interface StripeAnswer {
  status?: number;
  json: unknown;
}

/**
 * The real app with the Stripe provider pointed at a Stripe-shaped API on loopback: the SDK's calls land
 * in `answer`, never on the internet. `close` stops both.
 */
export async function startAppWithFakeStripe(
  answer: (call: StripeCall) => StripeAnswer,
  webhookSecret = 'whsec_test_facturo',
  options: Pick<NonNullable<Parameters<typeof startTestApp>[1]>, 'privateDatabase' | 'onRoute'> = {},
): Promise<{ t: TestApp; close: () => Promise<void> }> {
  const fake = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      const reply = answer({
        method: request.method ?? '',
        path: request.url ?? '',
        body: new URLSearchParams(raw),
      });
      response.statusCode = reply.status ?? 200;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  const t = await startTestApp(
    {},
    {
      paymentProvider: stripeProvider({
        secretKey: 'sk_test_facturo',
        webhookSecret,
        appUrl: 'http://facturo.test',
        apiUrl: `http://127.0.0.1:${port}`,
      }),
      ...options,
    },
  );
  return {
    t,
    close: async () => {
      await t.close();
      await new Promise((resolve) => fake.close(resolve));
    },
  };
}
