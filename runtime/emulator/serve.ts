import { readBundle } from "../http/documents.js";
import { errorShapes } from "../http/error-shapes.js";
import { register, startFront, type FrontOptions } from "../http/front.js";
import { readOperations } from "../http/operations.js";
import { checkOption, type ListenOptions, type OptionValues } from "../http/options.js";
import { credentialNames } from "../http/violations.js";
import { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";
import type { Emulator, MockHandler } from "./types.js";

/** The document's error shapes for an emulator of a packaged service; a bare handler gets RFC 9457 problem details. */
function documentParts(serviceId: string | undefined): Pick<FrontOptions, "shapes" | "operations" | "credentials"> {
  if (!serviceId || !(SERVICE_IDS as readonly string[]).includes(serviceId)) return {};
  const doc = readBundle(serviceId as ServiceId);
  const operations = readOperations(doc);
  return { shapes: errorShapes(doc, operations), operations, credentials: credentialNames(doc) };
}

/**
 * Serves a MockHandler over HTTP/1.1 on loopback: the server form of an emulator, for clients
 * that cannot take a fetch function (other processes, browsers, OAuth libraries that insist on
 * a real URL). It runs on the package's one front end (runtime/http/front.ts): the same limits,
 * timeouts, refusals and error shape as the mock; a handler that throws gives 500 `internal`.
 */
export async function serveHandler(handler: MockHandler | Emulator, options: ListenOptions & Pick<OptionValues, "cors"> = {}): Promise<{ url: string; close(): Promise<void> }> {
  if (options.cors !== undefined) checkOption("cors", options.cors);
  const emulator = typeof handler === "function" ? undefined : handler;
  const front = await startFront(
    {
      service: emulator?.serviceId ?? "handler",
      ...documentParts(emulator?.serviceId),
      // An emulator is served without WHATWG Request and Response objects, which on Node 20 cost
      // several times what the emulation does (measured with scripts/bench/emulator-load.ts).
      ...(emulator ? { dispatch: (request) => emulator.dispatch(request) } : { handler: handler as MockHandler }),
      ...(options.cors !== undefined ? { cors: options.cors } : {}),
    },
    options,
  );
  return register({ url: front.url, close: front.close }, front);
}
