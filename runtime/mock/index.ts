/**
 * `cloud-interfaces/mock`: a mock server of one service document that validates like Prism,
 * never dies, and says what was wrong. See runtime/mock/README.md.
 */
import { readBundle } from "./documents.js";
import { errorShapes } from "./errors.js";
import type { MockHandler, MockLogEntry } from "./handler.js";
import { createEdgeServer } from "./node-edge.js";
import { readOperations } from "./operations.js";
import { createPrismHandler } from "./prism-handler.js";
import { credentialNames } from "./violations.js";
import type { ServiceId } from "../../generated/service-ids.js";
import { listen } from "./listen.js";
import { checkOption, UsageError, type OptionValues } from "./options.js";
import { seededRandom } from "./seeded-random.js";
import { reportUndeclared } from "./undeclared.js";

export type { MockHandler, MockLogEntry } from "./handler.js";
export { PRISM_PACKAGES } from "./load-prism.js";
export { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";
export { MOCK_CASE_HEADER, MOCK_ERROR_HEADER, MOCK_WARNING_HEADER } from "./handler.js";
export * as limits from "./limits.js";
export { OPTIONS, type OptionValues, type ListenOptions } from "./options.js";

/**
 * The mock's options: the shared option set (runtime/mock/options.ts, the same names and rules
 * as the CLI's `--port`, `--host`, `--log`, `--stateful`, `--seed`, `--strict`) plus hooks.
 */
export interface StartMockOptions extends Pick<OptionValues, "port" | "host" | "log" | "stateful" | "seed" | "strict" | "cors"> {
  /** Called once per answered request. */
  onRequest?: (entry: MockLogEntry) => void;
  /** Where log lines and internal failures go (default stderr). */
  write?: (line: string) => void;
}

export interface RunningMock {
  url: string;
  close: () => Promise<void>;
}

/** The mock of a document as a WHATWG handler, without a server (e.g. for msw or in-memory tests). */
export async function createMockHandler(serviceId: ServiceId, options: Pick<OptionValues, "strict"> = {}): Promise<MockHandler> {
  const doc = readBundle(serviceId);
  const operations = readOperations(doc);
  const shapes = errorShapes(doc, operations);
  return reportUndeclared(await createPrismHandler({ doc, operations, shapes }), { doc, operations, shapes, strict: options.strict ?? false });
}

export async function startMock(serviceId: ServiceId, options: StartMockOptions = {}): Promise<RunningMock> {
  for (const name of ["port", "host", "log", "stateful", "seed", "strict", "cors"] as const) if (options[name] !== undefined) checkOption(name, options[name]);
  if (options.seed !== undefined && !options.stateful) throw new UsageError("--seed: only with --stateful (Prism's answers are the document's fixed examples)");
  const doc = readBundle(serviceId);
  const operations = readOperations(doc);
  const shapes = errorShapes(doc, operations);
  // Both behaviours are MockHandlers behind the same edge: limits, logging and crash-proofing do not depend on which.
  const served = options.stateful
    ? (await import("../emulator/index.js")).createEmulator(serviceId, options.seed !== undefined ? { random: seededRandom(options.seed) } : {}).handle
    : await createPrismHandler({ doc, operations, shapes });
  // What either behaviour would ignore is named (X-Mock-Warning), or refused under strict.
  const handler = reportUndeclared(served, { doc, operations, shapes, strict: options.strict ?? false });
  const server = createEdgeServer({
    service: serviceId,
    handler,
    shapes,
    operations,
    credentials: credentialNames(doc),
    ...(options.cors !== undefined ? { cors: options.cors } : {}),
    ...(options.log !== undefined ? { log: options.log } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.write ? { write: options.write } : {}),
  });
  const url = await listen(server, options);
  // A listening server must not be taken down by a late socket-level error either.
  server.on("error", (error) => (options.write ?? ((l: string) => process.stderr.write(`${l}\n`)))(`${serviceId} mock: server error: ${error.message}`));
  return {
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
export { MOCK_ERRORS, type MockErrorKind } from "./mock-errors.js";
