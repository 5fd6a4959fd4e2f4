/** Lower case without accents: "Hélène" is found by typing "helene". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** The clients whose name or e-mail contains what was typed, in the directory's order. */
export function searchClients<T extends { nom: string; email: string }>(
  clients: readonly T[],
  query: string,
): T[] {
  const needle = fold(query);
  if (needle === '') return [...clients];
  return clients.filter((client) => fold(client.nom).includes(needle) || fold(client.email).includes(needle));
}
