/**
 * Type tests, checked by test/typecheck.test.ts (tsc): the names and shapes the metrics service's SDKs
 * send are the ones the generated types offer (issue 26), and the names no client sends are gone.
 */
import type { components as Metrics } from "cloud-interfaces/metrics-v1";

// metrics: the service's own error body is a documented type.
const recorded: Metrics["schemas"]["ServiceErrors"] = { errors: [{ code: "BXNMSRI01E", message: "Token is expired" }] };
void recorded;
