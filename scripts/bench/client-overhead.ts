/**
 * Per-request time of each contender against the same loopback server, alternating
 * contenders round by round so drift in the machine affects all alike.
 */
import { fork } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import axios from "axios";
import createClient from "openapi-fetch";
import { createIdentityV4Client } from "cloud-interfaces/identity-v4";
import { createKmsV2Client } from "cloud-interfaces/kms-v2";
import { createWidgetClient } from "cloud-interfaces/widget";
import { DIST_DIR, BUNDLE_DIR } from "../lib/paths.js";

const INSTANCE = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
const TENANT = "tenant-1";
const TOKEN = "bench-token";
const BASIC = `Basic ${Buffer.from("client:secret").toString("base64")}`;
const widgetBody = { key: "prj", user_email: "u@example.com", package_id: 1 };
const keyBody = { metadata: { collectionType: "application/vnd.svc.kms.key+json", collectionTotal: 1 }, resources: [{ type: "application/vnd.svc.kms.key+json", name: "k", extractable: false }] };
const KEY_TYPE = "application/vnd.svc.kms.key+json";

export interface Contender {
  name: string;
  run: Record<CaseName, () => Promise<unknown>>;
}
export type CaseName = "GET" | "JSON POST" | "form POST" | "vendor POST";
export const CASES: CaseName[] = ["GET", "JSON POST", "form POST", "vendor POST"];

async function heyApi(base: string): Promise<Contender | undefined> {
  const { createClient: generate } = await import("@hey-api/openapi-ts");
  const out = join(DIST_DIR, "bench", "hey-api");
  mkdirSync(out, { recursive: true });
  for (const id of ["kms-v2", "widget", "identity-v4"]) {
    await generate({ input: join(BUNDLE_DIR, `${id}.json`), output: join(out, id), plugins: ["@hey-api/client-fetch"], logs: { level: "silent" } } as never);
  }
  const load = async (id: string) => {
    const sdk = await import(join(out, id, "sdk.gen.ts"));
    const { client } = await import(join(out, id, "client.gen.ts"));
    client.setConfig({ baseUrl: base });
    return sdk as Record<string, (o: unknown) => Promise<unknown>>;
  };
  const [kms, widget, identity] = await Promise.all([load("kms-v2"), load("widget"), load("identity-v4")]);
  return {
    name: "@hey-api/openapi-ts 0.94.5 (client-fetch)",
    run: {
      GET: () => kms.listKeys!({ headers: { "svc-instance": INSTANCE, authorization: `Bearer ${TOKEN}` } }),
      "JSON POST": () => widget.createWidgetUrl!({ body: widgetBody, headers: { "X-ApiKey": "prj" } }),
      "form POST": () => identity.requestTokens!({ path: { tenantId: TENANT }, body: { grant_type: "client_credentials" }, headers: { authorization: BASIC } }),
      "vendor POST": () => kms.createKey!({ body: keyBody, headers: { "svc-instance": INSTANCE, authorization: `Bearer ${TOKEN}`, "Content-Type": KEY_TYPE } }),
    },
  };
}

export async function contenders(base: string): Promise<Contender[]> {
  const kms = createKmsV2Client({ baseUrl: base, credentials: { bearerAuth: TOKEN }, bind: { "svc-instance": INSTANCE } });
  const widget = createWidgetClient({ baseUrl: base, credentials: { apiKey: "prj" } });
  const identity = createIdentityV4Client({ baseUrl: base, credentials: { basicAuth: { username: "client", password: "secret" } }, bind: { tenantId: TENANT } });
  const bare = createClient<any>({ baseUrl: base });
  const ax = axios.create({ baseURL: base });
  const json = (r: Response) => r.json();
  const list: Contender[] = [
    {
      name: "raw fetch",
      run: {
        GET: () => fetch(`${base}/api/v2/keys`, { headers: { "svc-instance": INSTANCE, authorization: `Bearer ${TOKEN}` } }).then(json),
        "JSON POST": () => fetch(`${base}/developers/flex-api/widget-url`, { method: "POST", headers: { "Content-Type": "application/json", "X-ApiKey": "prj" }, body: JSON.stringify(widgetBody) }).then(json),
        "form POST": () => fetch(`${base}/oauth/v4/${TENANT}/token`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", authorization: BASIC }, body: new URLSearchParams({ grant_type: "client_credentials" }).toString() }).then(json),
        "vendor POST": () => fetch(`${base}/api/v2/keys`, { method: "POST", headers: { "Content-Type": KEY_TYPE, "svc-instance": INSTANCE, authorization: `Bearer ${TOKEN}` }, body: JSON.stringify(keyBody) }).then(json),
      },
    },
    {
      name: "generated client (this project)",
      run: {
        GET: () => kms.GET("/api/v2/keys"),
        "JSON POST": () => widget.POST("/developers/flex-api/widget-url", { body: widgetBody }),
        "form POST": () => identity.POST("/oauth/v4/{tenantId}/token", { body: { grant_type: "client_credentials" } as never }),
        "vendor POST": () => kms.POST("/api/v2/keys", { body: keyBody as never }),
      },
    },
    {
      name: "openapi-fetch 0.17.0 (bare)",
      run: {
        GET: () => bare.GET("/api/v2/keys", { headers: { "svc-instance": INSTANCE, authorization: `Bearer ${TOKEN}` } }),
        "JSON POST": () => bare.POST("/developers/flex-api/widget-url", { body: widgetBody, headers: { "X-ApiKey": "prj" } }),
        "form POST": () => bare.POST("/oauth/v4/{tenantId}/token", { params: { path: { tenantId: TENANT } }, body: { grant_type: "client_credentials" }, headers: { "Content-Type": "application/x-www-form-urlencoded", authorization: BASIC } }),
        "vendor POST": () => bare.POST("/api/v2/keys", { body: keyBody, headers: { "Content-Type": KEY_TYPE, "svc-instance": INSTANCE, authorization: `Bearer ${TOKEN}` } }),
      },
    },
    {
      name: "axios 1.21.1",
      run: {
        GET: () => ax.get("/api/v2/keys", { headers: { "svc-instance": INSTANCE, authorization: `Bearer ${TOKEN}` } }),
        "JSON POST": () => ax.post("/developers/flex-api/widget-url", widgetBody, { headers: { "X-ApiKey": "prj" } }),
        "form POST": () => ax.post(`/oauth/v4/${TENANT}/token`, new URLSearchParams({ grant_type: "client_credentials" }), { headers: { authorization: BASIC } }),
        "vendor POST": () => ax.post("/api/v2/keys", keyBody, { headers: { "Content-Type": KEY_TYPE, "svc-instance": INSTANCE, authorization: `Bearer ${TOKEN}` } }),
      },
    },
  ];
  const hey = await heyApi(base).catch((e: Error) => {
    console.error(`hey-api contender skipped: ${e.message}`);
    return undefined;
  });
  return hey ? [...list, hey] : list;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measureClients(options: { rounds: number; requests: number }) {
  const server = fork(new URL("./server.ts", import.meta.url).pathname, [], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  const port = await new Promise<number>((resolve) => server.once("message", (m) => resolve(Number(m))));
  const base = `http://127.0.0.1:${port}`;
  try {
    const all = await contenders(base);
    const samples: Record<string, Record<string, number[]>> = {};
    for (const c of all) for (const k of CASES) await c.run[k]().then(() => undefined); // warm-up and sanity
    for (let round = 0; round < options.rounds; round++) {
      for (const k of CASES) {
        // Rotate the order each round so no contender always runs first.
        const order = all.map((_, i) => all[(i + round) % all.length]!);
        for (const c of order) {
          const start = process.hrtime.bigint();
          for (let i = 0; i < options.requests; i++) await c.run[k]();
          const perRequest = Number(process.hrtime.bigint() - start) / options.requests / 1000;
          ((samples[c.name] ??= {})[k] ??= []).push(perRequest);
        }
      }
    }
    return Object.fromEntries(Object.entries(samples).map(([name, byCase]) => [name, Object.fromEntries(Object.entries(byCase).map(([k, v]) => [k, median(v)]))])) as Record<string, Record<CaseName, number>>;
  } finally {
    server.kill();
  }
}
