import { CloudInterfacesError } from "../core/base-error.js";
import { SERVICE_LOADERS, unknownService } from "./registry.js";
import type { Emulator, EmulatorOptions } from "./types.js";
import { checkRecordLimit, type RecordCounts } from "../controls/bounded-record.js";
import { assemble, type RuntimeValidators } from "./assemble-core.js";

export { assemble, type RuntimeValidators } from "./assemble-core.js";

/** An emulator that loads its service on first use (or at once: `ready`); until then it has no state. */
export interface LazyEmulator<State = unknown> extends Emulator<State> {
  /** Settles when the service is loaded; rejects with why it could not be. */
  readonly ready: Promise<Emulator<State>>;
}

/** The emulator of a service, loaded in the background: handlers can be registered before it is. */
export function lazyEmulator(serviceId: string, options: EmulatorOptions = {}): LazyEmulator {
  const load = SERVICE_LOADERS[serviceId];
  if (!load) throw unknownService(serviceId);
  // Checked now: the emulator itself is made after the first await, where a bad option would surface only on the first request.
  const limit = checkRecordLimit(options.recordLimit);
  const none: RecordCounts = { kept: 0, seen: 0, dropped: 0, limit };
  const ready = (async () => {
    // The build's validators carry their helpers: loading a service needs no Ajv.
    const compiled = await load();
    const own = options.document !== undefined && options.document !== compiled.document;
    // Ajv compiles with eval: only a caller's own document pulls it in, as a chunk of its own.
    let runtime: RuntimeValidators | undefined;
    if (own) {
      const { ajvValidators, loadAjv } = await import("./ajv-validators.js");
      await loadAjv();
      runtime = ajvValidators;
    }
    return assemble(serviceId, compiled, options, runtime);
  })();
  let loaded: Emulator | undefined;
  // Whoever awaits `ready` or sends a request sees a failure; nothing else should report it.
  ready.then((e) => (loaded = e)).catch(() => undefined);
  const now = (what: string): Emulator => {
    if (!loaded) throw new CloudInterfacesError(`the ${serviceId} emulator is still loading: await emulator.ready before calling ${what}`);
    return loaded;
  };
  return {
    serviceId,
    ready,
    handle: async (request) => (await ready).handle(request),
    dispatch: async (request) => (await ready).dispatch(request),
    reset: () => loaded?.reset(),
    clearRequests: () => loaded?.clearRequests(),
    snapshot: () => now("snapshot()").snapshot(),
    restore: (snapshot) => now("restore()").restore(snapshot),
    generate: (request) => now("generate()").generate(request),
    setClock: (time, setOptions) => now("setClock()").setClock(time, setOptions),
    advanceClock: (seconds) => now("advanceClock()").advanceClock(seconds),
    readClock: () => now("readClock()").readClock(),
    get state() {
      if (!loaded) throw new CloudInterfacesError(`the ${serviceId} emulator is still loading: await emulator.ready before reading its state`);
      return loaded.state;
    },
    get violations() {
      return loaded?.violations ?? [];
    },
    get violationsRecorded() {
      return loaded?.violationsRecorded ?? { ...none };
    },
    get requests() {
      return loaded?.requests ?? [];
    },
    get requestsRecorded() {
      return loaded?.requestsRecorded ?? { ...none };
    },
    get document() {
      return loaded?.document;
    },
  };
}
