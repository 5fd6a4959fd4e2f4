/** Issue 18 (lane archive): the FEC and the yearly archive with its progress. */
export function ExportsSection() {
  return null;
}
