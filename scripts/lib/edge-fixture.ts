/**
 * The front end (runtime/http/front.ts) around a handler that answers every request `{}` with
 * 200, listening on loopback: what the front end's own limits and refusals are tried on (its
 * tests, on the synthetic document, and the bench's timeout figures, on a registry document),
 * with the document's operations and error shapes.
 */
import type { Server } from "node:http";
import type { ServiceId } from "../../generated/service-ids.js";
import { readBundle } from "../../runtime/package/documents.js";
import { errorShapes } from "../../runtime/http/error-shapes.js";
import { startFront, type Front, type FrontOptions } from "../../runtime/http/front.js";
import { operationTable } from "../../runtime/openapi/operation-table.js";

export type ListeningEdge = { server: Server; port: number; front: Front };

/** The edge over any document, named `service` in its log lines. */
export async function edgeOver(service: string, doc: unknown, extra: Partial<FrontOptions> = {}): Promise<ListeningEdge> {
  const operations = operationTable(doc as object).operations;
  const front = await startFront({
    service,
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

/** The edge over a registry service's bundled document. */
export const listeningEdge = (serviceId: ServiceId, extra: Partial<FrontOptions> = {}): Promise<ListeningEdge> => edgeOver(serviceId, readBundle(serviceId), extra);
