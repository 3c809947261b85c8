import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getHttpOperationsFromSpec } from "@stoplight/prism-http";
import { createServer } from "@stoplight/prism-http-server";
import { BUNDLE_DIR } from "./paths.js";

export interface RunningMock {
  url: string;
  close: () => Promise<void>;
}

/** Prism logs every request through pino; the tests and `npm run mock` want silence by default. */
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
export async function startMock(serviceId: string, options: { port?: number; host?: string; logger?: any } = {}): Promise<RunningMock> {
  const bundle = JSON.parse(readFileSync(join(BUNDLE_DIR, `${serviceId}.json`), "utf8"));
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
