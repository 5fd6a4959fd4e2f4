import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

/*
 * sonner's rich colours put text at 27–45 % lightness on pale backgrounds: about 4.2:1, under the 4.5:1 that
 * axe requires. Darker text (Tailwind's 700/800 shades) keeps the same hues above 6:1. Inline custom
 * properties on the toaster element win over the ones of sonner's stylesheet.
 */
const readableRichColors = {
  '--success-text': '#166534',
  '--error-text': '#b91c1c',
  '--info-text': '#1d4ed8',
  '--warning-text': '#9a3412',
} as CSSProperties;

/*
 * Issue 17: toasts never cover a page's title. At the top they sat on the h1 (the whole width under the
 * mobile bar), so they rise from the bottom right instead, above the round « Nouvelle facture » / « Ajouter
 * un client » button (56 px at 16 px from the edge on phones, 24 px above): e2e/notifications.spec.ts
 * measures that a toast's box and the h1's do not meet, at 1280 and 375 px.
 */
const ABOVE_FLOATING_BUTTON = { desktop: { bottom: 96, right: 24 }, mobile: { bottom: 84 } };

/** Mounted once in main.tsx; labels translated since sonner's defaults are English. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      offset={ABOVE_FLOATING_BUTTON.desktop}
      mobileOffset={ABOVE_FLOATING_BUTTON.mobile}
      richColors
      closeButton
      style={readableRichColors}
      // Not « Notifications »: that is the bell's centre (issue 17), a different thing to a screen reader.
      containerAriaLabel="Messages éphémères"
      toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
    />
  );
}
