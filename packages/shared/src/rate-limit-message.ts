const plural = (n: number, unit: string) => `${n} ${unit}${n > 1 ? 's' : ''}`;

/** « 45 secondes », « 5 minutes », « 1 heure et 30 minutes »: a wait rounded up, never to zero. */
export function describeWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, 'seconde');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'heure') : `${plural(hours, 'heure')} et ${plural(rest, 'minute')}`;
}

/**
 * The message of every 429 (errorType `rate_limited`): SPEC §8's « Trop de tentatives », saying when
 * to try again rather than « quelques minutes ». The server words it; the web shows it as it is.
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  return `Trop de tentatives. Réessayez dans ${describeWait(retryAfterSeconds)}.`;
}
