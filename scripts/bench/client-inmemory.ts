/**
 * Per-call CPU time of the generated client beside a bare openapi-fetch client, both over the same
 * stubbed fetch (no network), validation on: what the client itself adds to every call.
 * Contenders alternate round by round, so drift in the machine affects both alike.
 */
import createClient from "openapi-fetch";
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { createWidgetClient } from "cloud-interfaces/widget";

const INSTANCE = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
const TOKEN = "bench-token";
const BASE = "https://kms.example";
const widgetBody = { key: "prj", user_email: "u@example.com", package_id: 1 };
const answer = JSON.stringify({ metadata: { collectionType: "x", collectionTotal: 0 }, resources: [], success: 1, data: "https://x.example" });
const stub = (async () => new Response(answer, { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch;

export type InMemoryCase = "GET" | "JSON POST";
export const IN_MEMORY_CASES: InMemoryCase[] = ["GET", "JSON POST"];
export type InMemoryResult = Record<"generated client" | "openapi-fetch (bare)", Record<InMemoryCase, number>>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureInMemory(options: { rounds: number; calls: number }): Promise<InMemoryResult> {
  const kms = createKmsV2Client({ baseUrl: BASE, credentials: { bearerAuth: TOKEN }, bind: { "svc-instance": INSTANCE }, fetch: stub });
  const widget = createWidgetClient({ baseUrl: BASE, credentials: { apiKey: "prj" }, fetch: stub });
  const bare = createClient<any>({ baseUrl: BASE, fetch: stub });
  const run: Record<keyof InMemoryResult, Record<InMemoryCase, () => Promise<unknown>>> = {
    "generated client": {
      GET: () => kms.GET("/api/v2/keys", { params: { query: { limit: 10 } } }),
      "JSON POST": () => widget.POST("/developers/flex-api/widget-url", { body: widgetBody }),
    },
    "openapi-fetch (bare)": {
      GET: () => bare.GET("/api/v2/keys", { params: { query: { limit: 10 } }, headers: { "svc-instance": INSTANCE, authorization: `Bearer ${TOKEN}` } }),
      "JSON POST": () => bare.POST("/developers/flex-api/widget-url", { body: widgetBody, headers: { "X-ApiKey": "prj" } }),
    },
  };
  const names = Object.keys(run) as (keyof InMemoryResult)[];
  for (const name of names) {
    for (const k of IN_MEMORY_CASES) {
      // Warm-up, and a check that each contender's call succeeds (a failing call would be cheap).
      for (let i = 0; i < 200; i++) {
        const result = (await run[name][k]()) as { error?: unknown; response: Response };
        if (result.error !== undefined || !result.response.ok) throw new Error(`${name} ${k}: ${JSON.stringify(result.error)}`);
      }
    }
  }
  const samples: Record<string, Record<string, number[]>> = {};
  for (let round = 0; round < options.rounds; round++) {
    for (const k of IN_MEMORY_CASES) {
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const name of order) {
        // CPU time (user + system, every thread of the process), not wall: the machine is shared.
        const start = process.cpuUsage();
        for (let i = 0; i < options.calls; i++) await run[name][k]();
        const used = process.cpuUsage(start);
        ((samples[name] ??= {})[k] ??= []).push((used.user + used.system) / options.calls);
      }
    }
  }
  return Object.fromEntries(names.map((name) => [name, Object.fromEntries(IN_MEMORY_CASES.map((k) => [k, median(samples[name]![k]!)]))])) as InMemoryResult;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureInMemory({ rounds: Number(process.env.ROUNDS ?? 7), calls: Number(process.env.CALLS ?? 3000) });
  for (const k of IN_MEMORY_CASES) {
    const ours = result["generated client"][k];
    const bare = result["openapi-fetch (bare)"][k];
    console.log(`${process.version} ${k}: ours ${ours.toFixed(1)} µs, bare ${bare.toFixed(1)} µs, ${(ours / bare).toFixed(2)}x`);
  }
}
