/** Issue 18 (lane journal): the journal's verification status (« Registre intègre — N événements vérifiés ») and the monthly seals. */
export function JournalStatus() {
  return null;
}
