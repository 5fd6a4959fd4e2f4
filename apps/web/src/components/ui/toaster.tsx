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

/** Mounted once in main.tsx; labels translated since sonner's defaults are English. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      style={readableRichColors}
      containerAriaLabel="Notifications"
      toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
    />
  );
}
