/**
 * Per-instance state caps of the emulators (documented in ASSUMPTIONS.md, "Caps"). An emulator
 * is a test double: it holds what a test suite needs and refuses to grow past it, so a client
 * in a loop gets an error in the document's shape instead of taking the process's memory.
 */
export const CAPS = {
  /** KMS instances that appear on first use; past it an unknown instance does not exist (INSTANCE_NOT_FOUND_ERR). */
  kmsInstances: 100,
  /** Keys per KMS instance; past it create is a 400. */
  kmsKeysPerInstance: 10_000,
  /** Partitions (instances) of a service the resource engine serves (runtime/emulator/engine.ts); past it an unknown one is a 400. */
  partitions: 100,
  /**
   * Bytes of the records one partition of a resource-engine service holds (their JSON: KMS keys,
   * notifications sources, topics and templates); past it a create or an update is a 400.
   */
  recordBytesPerPartition: 16 * 1024 * 1024,
  /** Bytes of the records a resource-engine service holds across its partitions; past it a 400. */
  recordBytes: 128 * 1024 * 1024,
  /** Sources, topics and templates per notifications instance, each; past it create is a 400. */
  notificationsRecordsPerKind: 1_000,
  /** Sent notifications kept for inspection, across instances; the oldest is dropped first. */
  storedNotifications: 1_000,
  /** Bytes of sent notifications kept (their JSON), across instances; the oldest is dropped first. */
  storedNotificationBytes: 32 * 1024 * 1024,
  /** Metrics space domains; past it an unknown domain is a 400. */
  metricsDomains: 100,
  /** Metric paths per domain; past it a send naming a new path is a 400. */
  metricsPathsPerDomain: 2_000,
  /** Datapoints held in all, across domains; past it a send adding points is a 400. */
  metricsDatapoints: 50_000,
  /**
   * Steps one metrics request may spend: pattern matching (NFA states × path characters) and one
   * a datapoint read, combined or scaled (each repetition of a function argument pays again); past it a 400.
   */
  metricsMatchSteps: 1_000_000,
  /** Characters of one metrics pattern (`target`, `query`); a longer one is a 400. */
  metricsPatternLength: 512,
  /** Identity tenants (each has an RSA key); past it an unknown tenant is a 400. */
  identityTenants: 100,
  /** Live authorization codes, grants and temporary codes per tenant, each; expired ones are pruned first. */
  identityCodesPerTenant: 1_000,
  identityGrantsPerTenant: 10_000,
  /**
   * Bytes (characters) the live authorization codes hold, across tenants: a code keeps its
   * redirect_uri, nonce and scope, which an unauthenticated caller chooses. Expired ones are
   * pruned first; past it authorization is a 400.
   */
  identityCodeBytes: 8 * 1024 * 1024,
  /** jwt-bearer assertion ids remembered per tenant until they expire (replay protection). */
  identityAssertionIdsPerTenant: 10_000,
  /** Widget URLs remembered for lookup; the oldest is dropped first. */
  widgetIssued: 10_000,
} as const;

export type Caps = { -readonly [K in keyof typeof CAPS]: number };

/** The caps of one emulator: the defaults above, with the caller's overrides (EmulatorOptions.caps). */
export function capsOf(options: { caps?: Partial<Caps> }): Caps {
  return { ...CAPS, ...options.caps };
}

/**
 * Thrown by a service when a request would take its state past a cap; the app answers it as an
 * invalid request, so each service's documented 400 shape carries the message.
 */
export class CapReached extends Error {
  constructor(what: string, cap: number) {
    super(`${what}: the emulator holds at most ${cap} (a cap of the emulator, see runtime/emulator/ASSUMPTIONS.md)`);
  }
}
