import addFormats from 'ajv-formats';
import { type Document, OpenAPIBackend } from 'openapi-backend';
import directoryDocument from '../afnor/contract/directory-service-1.3.0.openapi.json' with { type: 'json' };
import flowDocument from '../afnor/contract/flow-service-1.3.0.openapi.json' with { type: 'json' };

export type ServiceName = 'flow-service' | 'directory-service';

const DOCUMENTS: Record<ServiceName, Document> = {
  'flow-service': readable(flowDocument as unknown as Document),
  'directory-service': directoryDocument as unknown as Document,
};

/**
 * The one reading of the Flow Service document we had to choose: `ReasonCode` is `oneOf` [the enumeration,
 * any string], so a code of the enumeration (ChecksumMismatch…) matches both and `oneOf` refuses it; the
 * text plainly means « one of these codes, or another string » (`anyOf`). The file itself is unchanged.
 */
function readable(document: Document): Document {
  const copy = structuredClone(document);
  const reasonCode = copy.components?.schemas?.ReasonCode;
  if (reasonCode && 'oneOf' in reasonCode && reasonCode.oneOf) {
    reasonCode.anyOf = reasonCode.oneOf;
    delete reasonCode.oneOf;
  }
  return copy;
}

const compiled = new Map<ServiceName, Promise<OpenAPIBackend>>();

/** The service's backend, compiled once per process (on first use: compiling a document takes seconds). */
export function serviceBackend(service: ServiceName): Promise<OpenAPIBackend> {
  let backend = compiled.get(service);
  if (!backend) {
    backend = compileBackend(service);
    compiled.set(service, backend);
  }
  return backend;
}

/**
 * One of the two official documents, loaded as the router and validator of its service: requests are
 * matched to their operation and checked against it; answers may be checked against the operation's
 * response of that status (see `checkAnswer`).
 */
async function compileBackend(service: ServiceName): Promise<OpenAPIBackend> {
  const backend = new OpenAPIBackend({
    definition: DOCUMENTS[service],
    quick: false,
    validate: true,
    // Security is checked by the platform itself (a token of its OAuth2), before the operation runs.
    ignoreTrailingSlashes: true,
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
  });
  backend.register({ notImplemented: () => undefined });
  await backend.init();
  return backend;
}

/**
 * The errors of an answer against the document (its status's schema, JSON bodies only), or null when it
 * complies. An answer with a status the operation does not list breaks the contract too.
 */
export function answerErrors(
  backend: OpenAPIBackend,
  operationId: string,
  status: number,
  body: unknown,
): string | null {
  const operation = backend.getOperation(operationId);
  if (!operation) return `opération inconnue ${operationId}`;
  const listed = Object.keys(operation.responses ?? {});
  if (!listed.includes(String(status)) && !listed.includes('default')) {
    return `statut ${status} absent du document pour ${operationId}`;
  }
  if (body === undefined) return null;
  const result = backend.validator.validateResponse(body, operation, status);
  return result.valid ? null : JSON.stringify(result.errors);
}
