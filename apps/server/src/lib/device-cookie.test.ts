import { randomUUID } from 'node:crypto';
import { parse } from 'cookie';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './clock.js';
import { DEVICE_COOKIE, DeviceCookies } from './device-cookie.js';
import { SessionTokens } from './session-token.js';

const SECRET = 'un-secret-de-test-assez-long-pour-hs256-0123456789';
const devices = new DeviceCookies(SECRET, false);
const userId = randomUUID();
const issued = new Date('2026-11-28T10:00:00.000Z');
const header = (setCookie: string) => `${DEVICE_COOKIE}=${parse(setCookie)[DEVICE_COOKIE]}`;

describe('device cookies', () => {
  it('name the account that signed in on the device, a different device id each time', () => {
    const first = devices.read(header(devices.issue(userId, issued)), issued);
    const second = devices.read(header(devices.issue(userId, issued)), issued);
    expect(first?.userId).toBe(userId);
    expect(second?.userId).toBe(userId);
    expect(first?.deviceId).not.toBe(second?.deviceId);
  });

  it('are kept a year, and the server forgets them after it too', () => {
    const cookie = header(devices.issue(userId, issued));
    expect(devices.read(cookie, new Date(issued.getTime() + 364 * DAY_MS))).not.toBeNull();
    expect(devices.read(cookie, new Date(issued.getTime() + 365 * DAY_MS))).toBeNull();
  });

  it('open with their own key only: another secret’s cookie and a session token are no device', async () => {
    const elsewhere = new DeviceCookies('un-autre-secret-tout-aussi-long-pour-hs256-98765', false);
    expect(devices.read(header(elsewhere.issue(userId, issued)), issued)).toBeNull();
    const session = await new SessionTokens(SECRET).sign({ userId, tokenVersion: 0 }, issued);
    expect(devices.read(`${DEVICE_COOKIE}=${session}`, issued)).toBeNull();
  });

  it('are Secure only on https', () => {
    expect(devices.issue(userId, issued)).not.toMatch(/;\s*Secure/i);
    expect(new DeviceCookies(SECRET, true).issue(userId, issued)).toMatch(/;\s*Secure/i);
  });
});
