/*
 * The wizard's client picker searches the server (issue 16: `GET /clients?q=`, name, e-mail, SIRET or
 * city) instead of filtering a whole directory in the page; what is left here is what it says.
 */

/** What the picker says when it has no option to show. */
export function clientPickerEmptyText(search: string): string {
  return search.trim() === ''
    ? 'Aucun client pour le moment.'
    : 'Aucun client ne correspond à cette recherche.';
}

/** Under the options, when the server has more matches than the picker shows: typing more narrows them. */
export function clientPickerMoreText(shown: number, total: number | null): string | null {
  if (total === null || total <= shown) return null;
  return `${shown} clients sur ${total} : précisez la recherche.`;
}
