/**
 * `cloud-interfaces/verify`: checks a live server against a service document (`verifyServer`)
 * and a validating proxy in front of one (`startProxy`). Needs the optional peer `ajv` (and
 * `ajv-formats`), loaded on first use: it compiles the document's validators at run time.
 */
export { verifyServer, VerifyUsageError, type VerifyOptions } from "./verify.js";
export { baselineOf, readBaseline, type Baseline, type BaselineEntry } from "./baseline.js";
export { VerifyConnectionError, type FetchLike } from "./sender.js";
export { render, renderJson, renderJunit, renderText, type Check, type Failure, type OperationReport, type ShownRequest, type VerifyReport } from "./report.js";
export { deriveNegativeCases, type NegativeCase } from "./negative.js";
export { createProxyHandler, startProxy, summarize, type ProxyOptions, type ProxyViolation, type RunningProxy } from "./proxy.js";
export type { DriftTally } from "./drift-tally.js";
export type { RecordCounts } from "../controls/bounded-record.js";
