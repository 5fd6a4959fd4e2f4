import { describe, expect, it } from 'vitest';
import { describeWait, rateLimitedMessage } from './rate-limit-message.js';

describe('rateLimitedMessage', () => {
  it('says when to try again', () => {
    expect(rateLimitedMessage(300)).toBe('Trop de tentatives. Réessayez dans 5 minutes.');
  });

  it('rounds the wait up, in the largest unit that reads well', () => {
    expect(describeWait(0)).toBe('1 seconde');
    expect(describeWait(1)).toBe('1 seconde');
    expect(describeWait(45)).toBe('45 secondes');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(59 * 60 + 1)).toBe('1 heure');
    expect(describeWait(90 * 60)).toBe('1 heure et 30 minutes');
    expect(describeWait(121 * 60)).toBe('2 heures et 1 minute');
  });
});
