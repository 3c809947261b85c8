import type { MockHandler, RecordCounts, RecordedRequest } from "../http/handler.js";
import type { Reply, RequestLike } from "../http/light.js";
import type { RecordOptions } from "../controls/bounded-record.js";
import type { StateSnapshot } from "./snapshot.js";
import type { GenerateRequest } from "./generate.js";

export type { StateSnapshot, GenerateRequest };

/** What `readClock()` and `GET /__emulator/clock` say: the emulator's time, and whether it runs (false once set: it stands still until moved). */
export interface ClockReading {
  now: string;
  running: boolean;
}

/**
 * The control operations every stateful handle has (issue 46), the same as the HTTP control API
 * under `/__emulator` (runtime/emulator/control.ts). Named apart from the `state` property and the
 * `seed` and `clock` options.
 */
export interface EmulatorControl {
  /** The whole state as versioned JSON data (`GET /__emulator/state`); `JSON.stringify` it to save it. */
  snapshot(): StateSnapshot;
  /** Replaces the state with a snapshot's (`PUT /__emulator/state`); a malformed one is refused whole (StateError naming the field) and the state kept. */
  restore(snapshot: unknown): void;
  /** Makes `count` records of a resource from its create request schema (`POST /__emulator/generate`); all or none (InputError naming the field). */
  generate(request: GenerateRequest): { created: number };
  /** Sets the clock to an instant (a Date, an RFC 3339 date-time or epoch milliseconds); it stands still there unless `running`. */
  setClock(now: Date | string | number, options?: { running?: boolean }): void;
  /** Moves the clock by `seconds` (negative goes back). */
  advanceClock(seconds: number): void;
  /** The clock now. */
  readClock(): ClockReading;
  /** Empties the request record only (`DELETE /__emulator/requests`). */
  clearRequests(): void;
}

/** The one handler shape every mock form shares (declared in runtime/http/handler.ts): the HTTP server, MSW and direct calls all go through it. */
export type { MockHandler };

/** What an emulator found wrong with its own answer: a response the document does not allow. */
export interface Violation {
  operation: string;
  status: number;
  problems: string[];
}

/** `recordLimit` bounds both `requests` and `violations`. */
export interface EmulatorOptions extends RecordOptions {
  /** Milliseconds since the epoch; default Date.now. Inject for deterministic tests. */
  clock?: () => number;
  /** Uniform [0, 1); default Math.random. Ids, codes and key material derive from it. */
  random?: () => number;
  /** Start from the documents' examples (default true) or empty (false). */
  seedFromExamples?: boolean;
  /** Service-specific seed data given by the caller (see each emulator's Seed type). */
  seed?: unknown;
  /** Bundled document to validate against; default the packaged one for the service. */
  document?: unknown;
  /** Lower (or raise) state caps by name (ASSUMPTIONS.md, "Caps"); a name the emulator does not declare, or a value that is not a whole number of 0 or more, is an InputError. */
  caps?: Readonly<Record<string, number>>;
  /** Called for every violation besides recording it (e.g. to fail a test at once). */
  onViolation?: (violation: Violation) => void;
}

export interface Emulator<State = unknown> extends EmulatorControl {
  readonly serviceId: string;
  handle: MockHandler;
  /** The same as handle without WHATWG objects (used by the HTTP server form for speed). */
  dispatch(request: RequestLike): Promise<Reply>;
  /** Back to the initial state (seeded as at creation), the records emptied, the clock back to its base (real time unless the `clock` option says). */
  reset(): void;
  /** The live in-memory state (read it in tests; mutate at your own risk). */
  readonly state: State;
  /** The newest responses the document rejected since creation or the last reset, oldest first (at most `recordLimit`; a snapshot). */
  readonly violations: readonly Violation[];
  /** How many violations `violations` keeps of how many there were. */
  readonly violationsRecorded: RecordCounts;
  /** The document it follows (bundled, or the caller's own); undefined while a lazy emulator loads. */
  readonly document: unknown;
  /** The newest requests received since creation or the last reset, oldest first (the test handle's `requests`: at most `recordLimit`; a snapshot). */
  readonly requests: readonly RecordedRequest[];
  /** How many requests `requests` keeps of how many were received (the test handle's `requestsRecorded`). */
  readonly requestsRecorded: RecordCounts;
}

/** What the emulator reads of a request, and its answer: the front end hands over the same (runtime/http/light.ts). */
export type { Reply, RequestLike };
