/** What the query string says about a return from the payment page (Stripe's success and cancel urls). */
export type CheckoutReturn = { kind: 'success'; sessionId: string } | { kind: 'cancelled' } | null;

export function readCheckoutReturn(params: URLSearchParams): CheckoutReturn {
  const checkout = params.get('checkout');
  if (checkout === 'cancelled') return { kind: 'cancelled' };
  const sessionId = params.get('session_id')?.trim();
  if (checkout === 'success' && sessionId) return { kind: 'success', sessionId };
  return null;
}
