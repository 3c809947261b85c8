/**
 * The options a family helper (runtime/kms, runtime/metrics, ...) takes from its generated client
 * unchanged, so every helper has the same shape (`retry`, `clock`, `validate` included) and the
 * documentation of each lives once, on the generated client's options.
 */
export type PassedThrough<GeneratedOptions> = Pick<GeneratedOptions, Extract<keyof GeneratedOptions, "region" | "server" | "baseUrl" | "timeoutMs" | "fetch" | "retry" | "clock" | "validate" | "maxResponseBytes">>;
