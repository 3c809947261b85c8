/**
 * What the verifier may send without being told it may change things. Read-only is GET, HEAD
 * and OPTIONS (safe methods, RFC 9110 §9.2.1), plus what the document marks `x-effect: none`
 * (a POST that changes no server state) and, of an operation marked
 * `x-effect: { noneWhen: { <field>: [values] } }`, the requests whose field has one of the values
 * (identity's token endpoint: the client_credentials grant only). Everything else needs
 * `allowWrites`, and what it marks `x-effect: sends` (delivers real messages) needs `allowSend`
 * as well (openapi/CONVENTIONS.md).
 */
import type { RequestValues } from "../core/required-when.js";
import type { TableOperation } from "../openapi/operation-table.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface Permissions {
  allowWrites: boolean;
  allowSend: boolean;
}

type Effect = "none" | "sends" | { noneWhen: Record<string, unknown> } | undefined;

const effectOf = (op: TableOperation): Effect => op.effect;
const conditional = (effect: Effect): effect is { noneWhen: Record<string, unknown> } => typeof effect === "object" && effect !== null && typeof effect.noneWhen === "object";

/** Why an operation may not be called under these permissions, or undefined when it (or some of its requests: requestRefusal) may. */
export function refusal(op: TableOperation, allowed: Permissions): string | undefined {
  const effect = effectOf(op);
  if (effect === "sends" && !(allowed.allowWrites && allowed.allowSend)) return "delivers real messages: needs --allow-writes and --allow-send";
  if (SAFE_METHODS.has(op.method) || effect === "none" || conditional(effect)) return undefined;
  return allowed.allowWrites ? undefined : `${op.method} changes server state: needs --allow-writes`;
}

/**
 * Why this request of an operation `refusal` let through may not be sent: under `noneWhen`, a
 * read-only run sends only the requests whose field (query parameter, form field or top-level
 * JSON member) has one of the listed values.
 */
export function requestRefusal(op: TableOperation, allowed: Permissions, values: RequestValues): string | undefined {
  const effect = effectOf(op);
  if (allowed.allowWrites || !conditional(effect)) return undefined;
  for (const [field, wanted] of Object.entries(effect.noneWhen)) {
    const list = Array.isArray(wanted) ? wanted : [wanted];
    if (!list.some((v) => String(v) === String(values[field]))) return `${op.method} with ${field} ${JSON.stringify(values[field] ?? null)} changes server state (x-effect: only ${field} ${list.map(String).join(" or ")} does not): needs --allow-writes`;
  }
  return undefined;
}
