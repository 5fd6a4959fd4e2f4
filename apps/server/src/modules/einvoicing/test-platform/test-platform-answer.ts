import type { TestClient } from './test-platform-flow-wire.js';

/** What an operation answers: a status, a JSON body or a file, and headers. */
export interface Answer {
  status: number;
  body?: unknown;
  file?: { content: Buffer; contentType: string; filename: string };
}

/** A request matched to its operation and valid against it. */
export interface OperationCall {
  client: TestClient;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** POST /v1/flows: the file part, read from the multipart body. */
  file?: Buffer;
}

export type OperationHandler = (call: OperationCall) => Promise<Answer>;
