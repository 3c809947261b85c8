/**
 * The front end (runtime/http/front.ts) around a handler that answers every request `{}` with
 * 200, listening on loopback: what the front end's own limits and refusals are tried on (its
 * tests and the bench's timeout figures), with the document's operations and error shapes.
 */
import type { Server } from "node:http";
import type { ServiceId } from "../../generated/service-ids.js";
import { readBundle } from "../../runtime/package/documents.js";
import { errorShapes } from "../../runtime/http/error-shapes.js";
import { startFront, type Front, type FrontOptions } from "../../runtime/http/front.js";
import { readOperations } from "../../runtime/openapi/operations.js";

export async function listeningEdge(serviceId: ServiceId, extra: Partial<FrontOptions> = {}): Promise<{ server: Server; port: number; front: Front }> {
  const doc = readBundle(serviceId);
  const operations = readOperations(doc);
  const front = await startFront({
    service: serviceId,
    handler: async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } }),
    shapes: errorShapes(doc, operations),
    operations,
    credentials: new Set(),
    log: false,
    write: () => undefined,
    ...extra,
  });
  return { server: front.server, port: front.port, front };
}
