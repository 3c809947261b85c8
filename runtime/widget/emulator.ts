/**
 * Subscription widget on the resource engine, as a plug-in only: its one operation keeps no
 * resource a create, list or get could name (it answers a URL that is a pure function of the
 * request body: the signature is a hash of the canonical body, so tests can compare URLs), so
 * no `x-resource` annotation applies and the engine adds only the documented refusals
 * (openapi/CONVENTIONS.md, "Resources"). The plug-in entry is named by the operationId.
 */
import { hex, sha256 } from "../emulator/bytes.js";
import { json, type Context, type Reply } from "../emulator/app.js";
import { engineDefinition, type EngineState, type Plugin } from "../emulator/engine.js";

export interface WidgetState extends EngineState {
  caps: EngineState["caps"] & { widgetIssued: number };
  /** Known project keys; empty accepts any key. */
  projects: Set<string>;
  /** URLs handed out, by signature (for tests that want to look one up). */
  issued: Map<string, string>;
}

export interface WidgetSeed {
  projects?: string[];
}

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

/** Why a project key is refused, naming the rule (the document's 401 shape carries it). */
function refusedKey(ctx: Context<WidgetState>, key: string): string | undefined {
  const apiKey = ctx.request.headers.get("x-apikey");
  if (apiKey !== key) return "Invalid project key: the X-ApiKey header must equal the body's key (the same project key goes in both)";
  if (ctx.state.projects.size > 0 && !ctx.state.projects.has(key)) return "Invalid project key: key is not one of the emulator's projects (seed.projects)";
  return undefined;
}

export const widgetPlugin: Plugin<WidgetState> = {
  /** Widget URLs remembered for lookup; the oldest is dropped first. */
  caps: { widgetIssued: 10_000 },
  extend: (base, options) => ({ ...base, caps: base.caps as WidgetState["caps"], projects: new Set(((options.seed ?? {}) as WidgetSeed).projects ?? []), issued: new Map() }),
  operations: {
    async createWidgetUrl(ctx): Promise<Reply> {
      const body = ctx.input.body as { key: string; user_email: string; package_id?: number; package_sku_id?: string; flex?: 0 | 1 | boolean };
      const refused = refusedKey(ctx, body.key);
      if (refused) return ctx.answer(401, refused);
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
    },
  },
  reject(failure, _op, ctx) {
    if (failure.kind === "security") return ctx.answer(401, "Invalid project key: the X-ApiKey header is missing");
    if (failure.kind === "error") return ctx.answer(500, "Internal error, try again later");
    return ctx.answer(400, `Invalid request: ${failure.problems.join("; ")}`);
  },
};

/** The widget emulator (runtime/emulator/registry.ts loads it by the service's id: widget has no helper family). */
export const defineEmulator = (serviceId: string, document: unknown) => engineDefinition(serviceId, document, widgetPlugin);
