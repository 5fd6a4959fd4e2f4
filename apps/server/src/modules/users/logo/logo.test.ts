import { LOGO_MAX_BYTES, LOGO_MESSAGES, type User } from '@facturo/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { randomIp, startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** A 1200 × 400 picture with a gradient, so the encoders have real content to keep. */
function picture(width = 1200, height = 400) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = i % 256;
    pixels[i * 3 + 1] = (i >> 8) % 256;
    pixels[i * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

function upload(token: string | undefined, body: Buffer | string, contentType = 'image/png') {
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/me/logo',
    payload: body,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: randomIp(),
  });
}

const getLogo = (token: string) => t.request({ method: 'GET', url: '/api/users/me/logo', token });

describe('PUT /api/users/me/logo', () => {
  it('takes a PNG, fits it inside 600 × 300 keeping its shape, and GET returns it', async () => {
    const { token } = await signedInUser(t);
    const res = await upload(token, await picture().png().toBuffer());
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().aUnLogo).toBe(true);
    expect(res.json<User>().espaceMo).toBeGreaterThan(0);

    const logo = await getLogo(token);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('private, no-cache');
    const stored = await sharp(logo.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 600, height: 200 });
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).json<User>().aUnLogo).toBe(true);
  });

  it('keeps a JPEG a JPEG, and never enlarges a small one', async () => {
    const { token } = await signedInUser(t);
    const res = await upload(token, await picture(200, 100).jpeg().toBuffer(), 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const logo = await getLogo(token);
    expect(logo.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 200,
      height: 100,
    });
  });

  it('turns a WebP into a PNG (the PDF cannot draw WebP), whatever Content-Type said', async () => {
    const { token } = await signedInUser(t);
    const res = await upload(token, await picture(300, 900).webp().toBuffer(), 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const logo = await getLogo(token);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'png', width: 100, height: 300 });
  });

  it('replaces the previous logo', async () => {
    const { token } = await signedInUser(t);
    await upload(token, await picture().png().toBuffer());
    await upload(token, await picture(100, 100).jpeg().toBuffer(), 'image/jpeg');
    const logo = await getLogo(token);
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 100 });
  });

  it('refuses a GIF, and a text file sent as image/png, from their bytes', async () => {
    const { token } = await signedInUser(t);
    const gif = await picture(50, 50).gif().toBuffer();
    for (const [body, type] of [
      [gif, 'image/gif'],
      [gif, 'image/png'],
      [Buffer.from('Ceci n’est pas une image.\n'), 'image/png'],
      ['Ceci n’est pas une image.', 'text/plain'],
    ] as const) {
      const res = await upload(token, body, type);
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ errorType: 'unsupported_image', message: LOGO_MESSAGES.unsupported });
    }
    expect((await getLogo(token)).statusCode).toBe(404);
  });

  it('refuses a file with a PNG signature that is not a PNG', async () => {
    const { token } = await signedInUser(t);
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    const res = await upload(token, fake);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errorType: 'unsupported_image', message: LOGO_MESSAGES.unreadable });
  });

  it('refuses more than 1 Mo with a 413 saying « trop grand » and the limit, and takes exactly 1 Mo', async () => {
    const { token } = await signedInUser(t);
    const png = await picture(60, 60).png().toBuffer();
    const res = await upload(token, Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES + 1 - png.length)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errorType: 'payload_too_large', message: LOGO_MESSAGES.tooLarge });
    expect(LOGO_MESSAGES.tooLarge).toBe('Le logo est trop grand : 1 Mo au maximum.');
    // Bytes after a PNG's end are ignored by decoders: at the limit the same file is taken.
    const atLimit = await upload(token, Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES - png.length)]));
    expect(atLimit.statusCode).toBe(200);
  });

  it('says an image of too many pixels is too large, with the limit — not that it is damaged', async () => {
    const { token } = await signedInUser(t);
    // 5001 × 5001 of one colour: 73 Ko on disk, 25,010,001 pixels once decoded (a small decompression bomb).
    const huge = await sharp({ create: { width: 5001, height: 5001, channels: 3, background: '#0e7490' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(LOGO_MAX_BYTES);
    const res = await upload(token, huge);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errorType: 'image_too_large', message: LOGO_MESSAGES.tooManyPixels });
    expect(res.json<{ message: string }>().message).toMatch(
      /^Le logo est trop grand : 25 millions de pixels/,
    );
    expect((await getLogo(token)).statusCode).toBe(404);
    // 5000 × 5000, at the limit, is taken (and fitted in the print box).
    const atLimit = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#0e7490' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await upload(token, atLimit)).statusCode).toBe(200);
    expect(await sharp((await getLogo(token)).rawPayload).metadata()).toMatchObject({
      width: 300,
      height: 300,
    });
  });

  it('is for professionals only, as invoices are', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    const res = await upload(token, await picture().png().toBuffer());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'requires_upgrade', requiresUpgrade: true });
    expect((await getLogo(token)).statusCode).toBe(404);
  });

  it('answers 401 without a session, before reading the image', async () => {
    const res = await upload(undefined, await picture().png().toBuffer());
    expect(res.statusCode).toBe(401);
  });
});

describe('GET and DELETE /api/users/me/logo', () => {
  it('answers 404 with a French message when there is none', async () => {
    const { token } = await signedInUser(t);
    const res = await getLogo(token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorType: 'not_found', message: LOGO_MESSAGES.notFound });
  });

  it('removes the logo (204), and removing none is no error', async () => {
    const { token } = await signedInUser(t);
    await upload(token, await picture().png().toBuffer());
    const removed = await t.request({ method: 'DELETE', url: '/api/users/me/logo', token });
    expect(removed.statusCode).toBe(204);
    expect((await getLogo(token)).statusCode).toBe(404);
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token })).json<User>();
    expect(me).toMatchObject({ aUnLogo: false, espaceMo: 0 });
    expect((await t.request({ method: 'DELETE', url: '/api/users/me/logo', token })).statusCode).toBe(204);
  });

  it('shows each user only their own logo', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    await upload(owner.token, await picture().png().toBuffer());
    expect((await getLogo(other.token)).statusCode).toBe(404);
  });
});
