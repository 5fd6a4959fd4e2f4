/** Raised in a response body that stayed silent too long: the connection is taken for dead. */
export class SilentStreamError extends Error {
  override readonly name = 'SilentStreamError';
}

/**
 * A fetch whose successful response bodies fail with SilentStreamError when no byte arrives for
 * `limitMs`. A connection cut without a word (a sleeping laptop, a network switch, a proxy dropping an idle
 * socket) otherwise leaves a stream reader waiting forever; failing it lets the caller reconnect.
 */
export function failSilentBodies(fetchImpl: typeof fetch, limitMs: number): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (!response.ok || !response.body) return response;
    const source = response.body.getReader();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const silence = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new SilentStreamError()), limitMs);
        });
        try {
          const chunk = await Promise.race([source.read(), silence]);
          if (chunk.done) controller.close();
          else controller.enqueue(chunk.value);
        } catch (error) {
          source.cancel(error).catch(() => {});
          controller.error(error);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        clearTimeout(timer);
        return source.cancel(reason);
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
