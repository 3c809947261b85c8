/**
 * The mock's HTTP edge around a handler that answers every request `{}` with 200, listening on
 * loopback: what the edge's own limits and refusals are tried on (its tests and the bench's
 * timeout figures), with the document's operations and error shapes.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServiceId } from "../../generated/service-ids.js";
import { readBundle } from "../../runtime/mock/documents.js";
import { errorShapes } from "../../runtime/mock/errors.js";
import { createEdgeServer, type EdgeOptions } from "../../runtime/mock/node-edge.js";
import { readOperations } from "../../runtime/mock/operations.js";

export async function listeningEdge(serviceId: ServiceId, extra: Partial<EdgeOptions> = {}): Promise<{ server: Server; port: number }> {
  const doc = readBundle(serviceId);
  const operations = readOperations(doc);
  const server = createEdgeServer({
    service: serviceId,
    handler: async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } }),
    shapes: errorShapes(doc, operations),
    operations,
    credentials: new Set(),
    log: false,
    write: () => undefined,
    ...extra,
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as AddressInfo).port };
}
