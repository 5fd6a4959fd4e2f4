import { describe, expect, it } from 'vitest';
import { failSilentBodies, SilentStreamError } from './stream-silence';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A body that writes `chunks` a few milliseconds apart, then stays open without a word. */
function bodyOf(chunks: string[], gapMs: number): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const chunk of chunks) {
        await new Promise((resolve) => setTimeout(resolve, gapMs));
        controller.enqueue(encoder.encode(chunk));
      }
    },
  });
}

async function readAll(response: Response): Promise<{ text: string; error: unknown }> {
  const reader = response.body?.getReader();
  let text = '';
  if (!reader) return { text, error: undefined };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, error: undefined };
      text += decoder.decode(value);
    }
  } catch (error) {
    return { text, error };
  }
}

describe('failSilentBodies', () => {
  it('passes every chunk that comes within the limit, then fails the body once it goes silent', async () => {
    const fetchSilent = failSilentBodies(
      async () => new Response(bodyOf(['a', 'b', 'c'], 10), { headers: { 'x-kept': 'oui' } }),
      200,
    );
    const response = await fetchSilent('/api/events');
    expect(response.headers.get('x-kept')).toBe('oui');
    const { text, error } = await readAll(response);
    expect(text).toBe('abc');
    expect(error).toBeInstanceOf(SilentStreamError);
  });

  it('lets a body end normally, and leaves failed answers alone', async () => {
    const ended = await failSilentBodies(async () => new Response('fin'), 50)('/');
    expect(await readAll(ended)).toEqual({ text: 'fin', error: undefined });
    const refused = await failSilentBodies(async () => new Response('{}', { status: 401 }), 50)('/');
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe('{}');
  });
});
