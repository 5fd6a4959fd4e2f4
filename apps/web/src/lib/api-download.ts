import { apiSend } from './api';
import { networkError } from './api-error';
import { fileNameFromContentDisposition } from './content-disposition';

export interface DownloadedFile {
  blob: Blob;
  /** What the server's Content-Disposition proposes; null when it says nothing usable. */
  fileName: string | null;
}

/**
 * GET of a file the API only gives with the bearer token, so a plain link cannot fetch it. Errors
 * (401 included) are handled as for any other call: the server's JSON error becomes an ApiError.
 */
export async function apiDownload(path: string, accept: string): Promise<DownloadedFile> {
  // The JSON error body must stay acceptable too, or a refusal could come back as 406.
  const response = await apiSend('GET', path, { accept: `${accept}, application/json;q=0.5` });
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    // The connection dropped while the body was arriving.
    throw networkError();
  }
  return { blob, fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')) };
}
