import { existsSync, readFileSync } from "node:fs";
import { bundledDocumentPath } from "./package-files.js";
import { loadPrism } from "./load-prism.js";
import { mockView } from "./mock-view.js";
import { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";

export interface RunningMock {
  url: string;
  close: () => Promise<void>;
}

export interface StartMockOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback by default: a mock is for tests on this machine. */
  host?: string;
  logger?: unknown;
}

/** Prism logs every request through pino; tests want silence by default. */
function silentLogger(): any {
  const logger: any = new Proxy(
    {},
    { get: (_target, key) => (key === "child" ? () => logger : key === "level" ? "silent" : () => undefined) },
  );
  return logger;
}

/**
 * Starts an in-process Prism mock of one bundled document: request and response validation
 * and security checks on, CORS off (so OPTIONS operations are the document's own), static
 * examples only (a replayed case must return exactly its documented example).
 */
export async function startMock(serviceId: ServiceId, options: StartMockOptions = {}): Promise<RunningMock> {
  if (!SERVICE_IDS.includes(serviceId)) throw new Error(`startMock: unknown service id ${JSON.stringify(serviceId)}; expected one of ${SERVICE_IDS.join(", ")}`);
  const file = bundledDocumentPath(serviceId);
  if (!existsSync(file)) throw new Error(`startMock: no bundled document for service "${serviceId}" (expected ${file})`);
  const bundle = mockView(JSON.parse(readFileSync(file, "utf8")));
  const { getHttpOperationsFromSpec, createServer } = await loadPrism();
  const operations = await getHttpOperationsFromSpec(bundle);
  const server = createServer(operations, {
    cors: false,
    config: {
      validateRequest: true,
      validateResponse: true,
      checkSecurity: true,
      errors: false,
      mock: { dynamic: false },
    } as any,
    components: { logger: options.logger ?? silentLogger() },
  });
  const host = options.host ?? "127.0.0.1";
  const address = await server.listen(options.port ?? 0, host);
  return { url: address.replace(/\/$/, ""), close: () => server.close() };
}
