/**
 * MSW request handlers backed by the stateful emulators (package subpath `cloud-interfaces/msw`):
 * in-process tests get the same behaviour as the HTTP emulator, with no port and no process,
 * in Node (`setupServer`) and in a browser page (`setupWorker`). Nothing here or below it uses a
 * Node built-in. MSW is imported here only; it is an optional peer dependency. MSW 3 needs Node
 * 22.12 or later. MSW is imported statically, not behind a top-level await, so that this entry
 * point loads with require() too: without MSW installed, the import fails with Node's (or the
 * bundler's) own "cannot find package 'msw'", as the user's own import of msw/node or msw/browser
 * beside it would.
 */
import type { ServiceId } from "../../generated/service-ids.js";
import { http, type HttpHandler } from "msw";
import { CloudInterfacesError } from "../core/base-error.js";
import { missingPeerMessage } from "../package/optional-peers.js";
import { lazyEmulator, type LazyEmulator } from "../emulator/assemble.js";
import { placeholderBaseUrl, serverPatterns } from "../emulator/servers.js";
import type { Emulator, EmulatorOptions } from "../emulator/types.js";
import type { TestHandle } from "../http/handler.js";
import { withControl } from "../emulator/control.js";
import type { EmulatorControl } from "../emulator/types.js";
import { faultPlanner, MAX_DELAY_MS, parseLatency, sleep } from "../controls/faults.js";
import { FAULT_HEADER } from "../controls/case-selection.js";
import { operationTable, type TableOperation } from "../openapi/operation-table.js";
import { InputError } from "../core/errors.js";

export type { LazyEmulator };
export type { RecordCounts, RecordedRequest, TestHandle } from "../http/handler.js";

// MSW 3 calls Promise.withResolvers (Node 22) and declares Node >= 22.12; on an older Node it
// would fail later with "Promise.withResolvers is not a function", which names no version.
const node = typeof process === "object" ? process.versions?.node : undefined;
if (node && Number(node.split(".")[0]) < 22) {
  throw new CloudInterfacesError(`${missingPeerMessage("msw")}; this is Node ${node}, which MSW 3 does not run on`);
}

export interface MswEmulatorOptions extends EmulatorOptions {
  /** Milliseconds before every answer, or `min-max` drawn per request (as `--latency`); `X-Mock-Delay: <ms>` sets one request's. `X-Mock-Fault: <status>` answers that documented case without touching state. */
  latency?: number | string;
  /** The share of requests (0-1) answered with a fault (as `--faults`): a documented 429/5xx of the operation, or a network error where it documents none. */
  faults?: number;
  /** Seed of the latency and fault draws (the emulator's own randomness is `random`). */
  faultSeed?: number;
  /**
   * Base URL(s) to intercept, e.g. the `baseUrl` your client uses. Default: every server URL the
   * service's document lists, any region.
   */
  baseUrl?: string | string[];
}

function escape(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\/]/g, "\\$&");
}

/** MSW handlers that pass every request under the service's URLs to this emulator. */
export function handlersFor(emulator: Emulator, options: Pick<MswEmulatorOptions, "baseUrl" | "document" | "latency" | "faults" | "faultSeed"> = {}): HttpHandler[] {
  if (options.latency !== undefined && !parseLatency(options.latency)) throw new InputError("latency", "format", `latency: must be milliseconds (250) or a range (100-400), at most ${MAX_DELAY_MS}, got ${JSON.stringify(options.latency)}`);
  if (options.faults !== undefined && !(options.faults >= 0 && options.faults <= 1)) throw new InputError("faults", "range", `faults: must be a number from 0 to 1, got ${JSON.stringify(options.faults)}`);
  let operations: readonly TableOperation[] | undefined;
  const plan = faultPlanner(
    { ...(options.latency !== undefined ? { latency: options.latency } : {}), ...(options.faults !== undefined ? { faults: options.faults } : {}), ...(options.faultSeed !== undefined ? { seed: options.faultSeed } : {}) },
    () => (operations ??= emulator.document ? operationTable(emulator.document).operations : []),
  );
  const bases = options.baseUrl === undefined ? [] : Array.isArray(options.baseUrl) ? options.baseUrl : [options.baseUrl];
  const patterns = bases.length
    ? bases.map((b) => new RegExp(`^${escape(b.replace(/\/$/, ""))}(?:[/?#].*)?$`))
    : serverPatterns(emulator.serviceId, options.document);
  return patterns.map((pattern) =>
    http.all(pattern, async ({ request }) => {
      if ("ready" in emulator) await (emulator as LazyEmulator).ready;
      const { delayMs, fault } = plan(request.method, new URL(request.url).pathname, (name) => request.headers.get(name));
      if (fault === "drop") {
        await sleep(delayMs);
        return Response.error();
      }
      if (fault) request.headers.set(FAULT_HEADER, fault.status);
      const response = await emulator.handle(request);
      await sleep(delayMs);
      return response;
    }),
  );
}

/**
 * A new emulator of the service and its MSW handlers: `setupServer(...mock.handlers)` in Node,
 * `setupWorker(...mock.handlers)` in a page. The service loads on the first request (in a bundle,
 * as a chunk of its own); `await mock.emulator.ready` before reading its state. `baseUrl` is the
 * URL to give a client: the first of `options.baseUrl`, else the document's placeholder host
 * (its first server, variables at their defaults), which a client never calls unless given it.
 */
export function mswEmulator(serviceId: ServiceId, options: MswEmulatorOptions = {}): MswEmulator {
  const { baseUrl, latency, faults, faultSeed, ...emulatorOptions } = options;
  const emulator = lazyEmulator(serviceId, emulatorOptions);
  return withControl({
    emulator,
    handlers: handlersFor(emulator, { baseUrl, document: options.document, ...(latency !== undefined ? { latency } : {}), ...(faults !== undefined ? { faults } : {}), ...(faultSeed !== undefined ? { faultSeed } : {}) }),
    get requests() {
      return emulator.requests;
    },
    get requestsRecorded() {
      return emulator.requestsRecorded;
    },
    reset: () => emulator.reset(),
    baseUrl: (Array.isArray(baseUrl) ? baseUrl[0] : baseUrl) ?? placeholderBaseUrl(serviceId, options.document),
  }, emulator);
}

/**
 * The emulator, its MSW handlers, the test handle every form has (`requests`, `reset`) and the
 * control operations (`snapshot`, `restore`, `generate`, `setClock`, `advanceClock`, `readClock`,
 * `clearRequests`: after `await mock.emulator.ready`).
 */
export interface MswEmulator extends TestHandle, EmulatorControl {
  emulator: LazyEmulator;
  handlers: HttpHandler[];
  /** The base URL the handlers answer (the first given, else the document's placeholder host): give it to your client. */
  baseUrl: string;
}
