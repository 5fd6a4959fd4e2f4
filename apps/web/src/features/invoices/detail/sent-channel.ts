import { CHANNEL_LABELS, type SendingChannel } from '@facturo/shared';

/** « Envoyée via la plateforme agréée / sur Facturo / par e-mail le … »: nothing when marked by hand. */
export function sentChannelWords(channel: SendingChannel | null): string {
  if (channel === 'email' || channel === 'facturo' || channel === 'plateforme_agreee') {
    return ` ${CHANNEL_LABELS[channel]}`;
  }
  return '';
}
