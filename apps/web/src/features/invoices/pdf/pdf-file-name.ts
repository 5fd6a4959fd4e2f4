/**
 * The name the PDF is saved under: the server's (FAC-2026-0001.pdf), else the same built from the
 * number, so a missing header never saves a file called "download".
 */
export function pdfFileName(proposed: string | null, numero: string): string {
  return proposed ?? `${numero}.pdf`;
}
