/**
 * MSW request handlers backed by the stateful emulators (package subpath `cloud-interfaces/msw`):
 * in-process tests get the same behaviour as the HTTP emulator, with no port and no process.
 * MSW is imported here only; it is an optional peer dependency. MSW 3 needs Node 22.12 or later.
 */
import { http, type HttpHandler } from "msw";
import { createEmulator, serverPatterns, type Emulator, type EmulatorOptions } from "../emulator/index.js";

export interface MswEmulatorOptions extends EmulatorOptions {
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
export function handlersFor(emulator: Emulator, options: Pick<MswEmulatorOptions, "baseUrl" | "document"> = {}): HttpHandler[] {
  const bases = options.baseUrl === undefined ? [] : Array.isArray(options.baseUrl) ? options.baseUrl : [options.baseUrl];
  const patterns = bases.length
    ? bases.map((b) => new RegExp(`^${escape(b.replace(/\/$/, ""))}(?:[/?#].*)?$`))
    : serverPatterns(emulator.serviceId, options.document);
  return patterns.map((pattern) => http.all(pattern, ({ request }) => emulator.handle(request)));
}

/** A new emulator of the service and its MSW handlers: `setupServer(...mock.handlers)`. */
export function mswEmulator(serviceId: string, options: MswEmulatorOptions = {}): { emulator: Emulator; handlers: HttpHandler[] } {
  const { baseUrl, ...emulatorOptions } = options;
  const emulator = createEmulator(serviceId, emulatorOptions);
  return { emulator, handlers: handlersFor(emulator, { baseUrl, document: options.document }) };
}
