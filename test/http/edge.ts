/**
 * The front end (runtime/http/front.ts) around a handler that answers every request `{}` with 200,
 * listening on loopback, with the synthetic document's operations and error shapes
 * (test/emulator/fixtures/resource-document.ts): what the front end's own limits and refusals
 * are tried on. No service of the registry: the front end is the same for every document.
 * (scripts/lib/edge-fixture.ts is the same on a registry document, for the bench.)
 */
import type { Server } from "node:http";
import { errorShapes } from "../../runtime/http/error-shapes.js";
import { startFront, type Front, type FrontOptions } from "../../runtime/http/front.js";
import { readOperations } from "../../runtime/openapi/operations.js";
import { resourceDocument } from "../emulator/fixtures/resource-document.js";

export async function fixtureEdge(extra: Partial<FrontOptions> = {}, doc: any = resourceDocument()): Promise<{ server: Server; port: number; front: Front }> {
  const operations = readOperations(doc);
  const front = await startFront({
    service: "fixture",
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
