import { hex, sha256 } from "../emulator/bytes.js";
import { json, type Reply, type Context, type Failure, type ServiceDefinition } from "../emulator/app.js";
import type { EmulatorOptions } from "../emulator/types.js";
import { capsOf, type Caps } from "../emulator/caps.js";

/**
 * Subscription widget: a stable URL per request. The same request body always yields the same
 * URL (its signature is a hash of the canonical body), so tests can compare URLs.
 */

export interface WidgetState {
  /** Known project keys; empty accepts any key. */
  projects: Set<string>;
  /** URLs handed out, by signature (for tests that want to look one up). */
  issued: Map<string, string>;
  caps: Caps;
}

export interface WidgetSeed {
  projects?: string[];
}

const failure = (status: number, error: string) => json(status, { success: 0, error });

/** JSON with sorted keys: equal bodies give equal text whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

async function createWidgetUrl(ctx: Context<WidgetState>): Promise<Reply> {
  const body = ctx.input.body as { key: string; user_email: string; package_id?: number; package_sku_id?: string; flex?: 0 | 1 | boolean };
  const apiKey = ctx.request.headers.get("x-apikey");
  if (apiKey !== body.key || (ctx.state.projects.size > 0 && !ctx.state.projects.has(body.key))) return failure(401, "Invalid project key");
  const sign = hex(await sha256(canonical(body))).slice(0, 16);
  const url = new URL("https://api.widget.example.com/widget/subscription");
  url.searchParams.set("key", body.key);
  if (body.package_id !== undefined) url.searchParams.set("package_id", String(body.package_id));
  if (body.package_sku_id !== undefined) url.searchParams.set("package_sku_id", body.package_sku_id);
  // The document: 1/true marks a flexible subscription, 0/false does not.
  if (body.flex === 1 || body.flex === true) url.searchParams.set("flex", "1");
  url.searchParams.set("sign", sign);
  // A lookup aid only: past the cap the oldest URL is forgotten (the same body still gives the same URL).
  if (ctx.state.issued.size >= ctx.state.caps.widgetIssued) ctx.state.issued.delete(ctx.state.issued.keys().next().value!);
  ctx.state.issued.set(sign, url.toString());
  return json(200, { success: 1, data: url.toString() });
}

function reject(f: Failure): Reply {
  if (f.kind === "security") return failure(401, "Invalid project key");
  if (f.kind === "error") return failure(500, "Internal error, try again later");
  return failure(400, `Invalid request: ${f.problems.join("; ")}`);
}

export function widgetDefinition(): ServiceDefinition<WidgetState> {
  return {
    serviceId: "widget",
    initialState: (_env, options: EmulatorOptions) => ({ projects: new Set(((options.seed ?? {}) as WidgetSeed).projects ?? []), issued: new Map(), caps: capsOf(options) }),
    operations: { createWidgetUrl },
    reject,
  };
}

/** The widget emulator (runtime/emulator/registry.ts loads it by the service's id: widget has no helper family). */
export const defineEmulator = (_serviceId: string, _document: unknown) => widgetDefinition();
