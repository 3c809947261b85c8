import type { MockHandler, RecordedRequest } from "../http/handler.js";
import type { Reply, RequestLike } from "../http/light.js";

/** The one handler shape every mock form shares (declared in runtime/http/handler.ts): the HTTP server, MSW and direct calls all go through it. */
export type { MockHandler };

/** What an emulator found wrong with its own answer: a response the document does not allow. */
export interface Violation {
  operation: string;
  status: number;
  problems: string[];
}

export interface EmulatorOptions {
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

export interface Emulator<State = unknown> {
  readonly serviceId: string;
  handle: MockHandler;
  /** The same as handle without WHATWG objects (used by the HTTP server form for speed). */
  dispatch(request: RequestLike): Promise<Reply>;
  /** Back to the initial state (seeded as at creation). */
  reset(): void;
  /** The live in-memory state (read it in tests; mutate at your own risk). */
  readonly state: State;
  /** Every response the document rejected since creation or the last reset. */
  readonly violations: readonly Violation[];
  /** The document it follows (bundled, or the caller's own); undefined while a lazy emulator loads. */
  readonly document: unknown;
  /** Every request received since creation or the last reset, in order (the test handle's `requests`). */
  readonly requests: readonly RecordedRequest[];
}

/** What the emulator reads of a request, and its answer: the front end hands over the same (runtime/http/light.ts). */
export type { Reply, RequestLike };
