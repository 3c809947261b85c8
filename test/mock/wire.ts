/** One request as bytes to a mock of this run (test/harness/global-setup.ts), from the battery's valid baselines. */
import { sendWire } from "../../scripts/lib/socket-exchange.js";
import { mockUrl } from "../harness/mocks.js";
import { baselines, serialize, type Wire } from "./battery.js";

/** The valid request the battery starts from for `operation` ("POST /api/v2/keys") of `service`. */
export async function baseline(service: string, operation: string): Promise<Wire> {
  const found = (await baselines(service)).find((b) => b.operation === operation);
  if (!found) throw new Error(`no baseline for ${service} ${operation}`);
  return found.wire;
}

/** `w` with `headers` set (replacing those of the same name) and, when given, another body. */
export function withHeaders(w: Wire, headers: Record<string, string>, body?: string): Wire {
  const names = new Set(Object.keys(headers).map((k) => k.toLowerCase()));
  return { ...w, headers: [...w.headers.filter(([k]) => !names.has(k.toLowerCase())), ...Object.entries(headers)], ...(body !== undefined ? { body: Buffer.from(body) } : {}) };
}

/** Sends `w` to the run's mock of `service`: the answer with its body as text and JSON and Prism's violations. */
export async function send(service: string, w: Wire) {
  const answer = await sendWire(Number(new URL(mockUrl(service)).port), serialize(w));
  const text = answer.body.toString("utf8");
  return { ...answer, text, json: text ? JSON.parse(text) : undefined, violations: JSON.parse(answer.headers.get("sl-violations") ?? "[]") as { code: string }[] };
}
