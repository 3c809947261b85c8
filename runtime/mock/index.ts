/**
 * `cloud-interfaces/mock`: a mock server of one service document that validates like Prism,
 * never dies, and says what was wrong. See runtime/mock/README.md.
 */
import type { AddressInfo } from "node:net";
import { readBundle } from "./documents.js";
import { errorShapes } from "./errors.js";
import type { MockHandler, MockLogEntry } from "./handler.js";
import { createEdgeServer } from "./node-edge.js";
import { readOperations } from "./operations.js";
import { createPrismHandler } from "./prism-handler.js";
import { credentialNames } from "./violations.js";
import type { ServiceId } from "../../generated/service-ids.js";

export type { MockHandler, MockLogEntry } from "./handler.js";
export { PRISM_PACKAGES } from "./load-prism.js";
export { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";
export { MOCK_CASE_HEADER, MOCK_ERROR_HEADER } from "./handler.js";
export * as limits from "./limits.js";

export interface StartMockOptions {
  /** Port to listen on; 0 or absent picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1: a mock is not a public server). */
  host?: string;
  /** Print one line per request, with its violations, to stderr. */
  log?: boolean;
  /** Called once per answered request. */
  onRequest?: (entry: MockLogEntry) => void;
  /** The stateful emulator (runtime/emulator, needs ajv) instead of Prism's static examples. */
  stateful?: boolean;
  /** Where log lines and internal failures go (default stderr). */
  write?: (line: string) => void;
}

export interface RunningMock {
  url: string;
  close: () => Promise<void>;
}

/** The mock of a document as a WHATWG handler, without a server (e.g. for msw or in-memory tests). */
export async function createMockHandler(serviceId: ServiceId): Promise<MockHandler> {
  const doc = readBundle(serviceId);
  const operations = readOperations(doc);
  return createPrismHandler({ doc, operations, shapes: errorShapes(doc, operations) });
}

export async function startMock(serviceId: ServiceId, options: StartMockOptions = {}): Promise<RunningMock> {
  const doc = readBundle(serviceId);
  const operations = readOperations(doc);
  const shapes = errorShapes(doc, operations);
  // Both behaviours are MockHandlers behind the same edge: limits, logging and crash-proofing do not depend on which.
  const handler = options.stateful ? (await import("../emulator/index.js")).createEmulator(serviceId).handle : await createPrismHandler({ doc, operations, shapes });
  const server = createEdgeServer({
    service: serviceId,
    handler,
    shapes,
    operations,
    credentials: credentialNames(doc),
    ...(options.log !== undefined ? { log: options.log } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.write ? { write: options.write } : {}),
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A listening server must not be taken down by a late socket-level error either.
  server.on("error", (error) => (options.write ?? ((l: string) => process.stderr.write(`${l}\n`)))(`${serviceId} mock: server error: ${error.message}`));
  const { port, address } = server.address() as AddressInfo;
  const shownHost = address.includes(":") ? `[${address}]` : address;
  return {
    url: `http://${shownHost}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
export { MOCK_ERRORS, type MockErrorKind } from "./mock-errors.js";
