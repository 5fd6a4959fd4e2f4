import { Toaster as SonnerToaster } from 'sonner';

/** Mounted once in main.tsx; labels translated since sonner's defaults are English. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
    />
  );
}
