import { badRequest } from './test-platform-errors.js';

/**
 * POST /v1/flows's multipart body, read with the platform's own (WHATWG) form-data parser: the flowInfo
 * part as JSON (validated against FlowInfo with the rest of the request) and the file part.
 */
export async function readFlowSubmission(
  contentType: string | undefined,
  body: unknown,
): Promise<{ fields: { flowInfo: unknown; file?: string }; file: Buffer | undefined }> {
  if (!contentType?.startsWith('multipart/form-data') || !Buffer.isBuffer(body)) {
    throw badRequest('Envoi attendu en multipart/form-data (flowInfo et file).');
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('Corps multipart illisible.');
  }
  const infoPart = form.get('flowInfo');
  const filePart = form.get('file');
  let flowInfo: unknown;
  if (infoPart !== null) {
    try {
      flowInfo = JSON.parse(typeof infoPart === 'string' ? infoPart : await infoPart.text());
    } catch {
      throw badRequest('flowInfo n’est pas du JSON.');
    }
  }
  const file = filePart instanceof Blob ? Buffer.from(await filePart.arrayBuffer()) : undefined;
  // The file is binary: the document's validation checks its presence, not its content.
  return { fields: { flowInfo, ...(file ? { file: '' } : {}) }, file };
}
