/**
 * Child of emulator-bounds.ts (run with --expose-gc, so RSS is read after a collection): an
 * emulator's memory under 100,000 create attempts, create latency by collection size, and the
 * longest single request at the documented maximum limits. Prints one JSON line.
 */
import { createEmulator, type Emulator, type RequestLike } from "../../runtime/emulator/index.js";

/** The default caps, as each emulator resolves them (declared by the engine, the documents and the plug-ins). */
const CAPS = { ...createEmulator("kms-v2").state.caps, ...createEmulator("metrics-v1").state.caps, ...createEmulator("notifications-v1").state.caps } as unknown as Record<"kmsKeysPerInstance" | "notificationsRecordsPerKind", number> & ReturnType<typeof createEmulator<"metrics-v1">>["state"]["caps"];
const KEY_TYPE = "application/vnd.svc.kms.key+json";
const INSTANCE = "0c7d3a52-8f41-4b6e-9d2a-1e5f6a7b8c9d";
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const rssMB = () => (gc(), gc(), process.memoryUsage().rss / 2 ** 20);

function request(method: string, url: string, headers: Record<string, string>, body = ""): RequestLike {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, url, headers: { get: (n) => lower[n.toLowerCase()] ?? null }, text: async () => body };
}
const kmsHeaders = { authorization: "Bearer b", "svc-instance": INSTANCE, "content-type": KEY_TYPE };
const create = (emu: Emulator, i: number) =>
  emu.dispatch(request("POST", "https://us-south.kms.example.com/api/v2/keys", kmsHeaders, JSON.stringify({ metadata: { collectionType: KEY_TYPE, collectionTotal: 1 }, resources: [{ type: KEY_TYPE, name: `key-${i}`, aliases: [`alias-${i}`] }] })));

async function timedMs(run: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await run();
  return performance.now() - t;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Issue 38 (measured first, before other work leaves garbage): authorization codes an
// unauthenticated caller makes with a 7 KB redirect_uri, until the byte cap refuses them.
const identity = createEmulator("identity-v4");
const heapMB = () => (gc(), gc(), process.memoryUsage().heapUsed / 2 ** 20);
const callback = `https://app.example.com/cb?${"x".repeat(7 * 1024)}`;
const authorizeAt = (tenant: string, target: string) => identity.dispatch(request("GET", `https://us-south.identity.example.com/oauth/v4/${tenant}/authorization?response_type=code&client_id=emulator-client&redirect_uri=${encodeURIComponent(target)}`, {}));
for (let i = 0; i < 200; i++) await authorizeAt(`tenant-${i % 100}`, "https://app.example.com/cb");
const heapBeforeCodes = heapMB();
let codesMade = 0;
for (let i = 0; i < 10_000; i++) if ((await authorizeAt(`tenant-${i % 100}`, callback)).status === 302) codesMade++;
const identityCodes = { attempts: 10_000, made: codesMade, heapGrowth: heapMB() - heapBeforeCodes };

// 1. RSS after 100,000 create attempts: the cap refuses the rest, memory stays where the cap left it.
const kms = createEmulator("kms-v2", { seedFromExamples: false });
const rssStart = rssMB();
let created = 0;
let refused = 0;
let rssAtCap = 0;
for (let i = 0; i < 100_000; i++) {
  const reply = await create(kms, i);
  if (reply.status === 201) created++;
  else if (reply.status === 400) refused++;
  if (i + 1 === CAPS.kmsKeysPerInstance) rssAtCap = rssMB();
}
const rssEnd = rssMB();

// 2. Create latency at 10 and at 10,000 keys (cap raised so the second series is not refused).
async function latencyAt(keys: number): Promise<number> {
  const emu = createEmulator("kms-v2", { seedFromExamples: false, caps: { kmsKeysPerInstance: keys + 1_000 } });
  for (let i = 0; i < keys; i++) await create(emu, i);
  for (let i = 0; i < 50; i++) await create(emu, 1e6 + i); // warm
  const samples: number[] = [];
  for (let i = 0; i < 400; i++) samples.push(await timedMs(() => create(emu, 2e6 + i)));
  return median(samples);
}
const latency10 = await latencyAt(10);
const latency10k = await latencyAt(10_000);

// 3. The longest single request at the documented maximum limits (nothing else runs: its time is the event loop's).
const holds: Record<string, number> = {};
const full = createEmulator("kms-v2", { seedFromExamples: false });
for (let i = 0; i < CAPS.kmsKeysPerInstance; i++) await create(full, i);
const kmsGet = (query: string) => full.dispatch(request("GET", `https://us-south.kms.example.com/api/v2/keys?${query}`, kmsHeaders));
await kmsGet("limit=1");
holds["kms list, 5,000-key page of 10,000 keys, sorted by -creationDate,id"] = await timedMs(() => kmsGet("limit=5000&sort=-creationDate,id"));
holds["kms search over 10,000 keys (lookup beyond the search space)"] = await timedMs(() => kmsGet(`limit=5000&search=${encodeURIComponent("alias:alias-9999")}`));
holds["kms HEAD total with filter extractable=false over 10,000 keys"] = await timedMs(() => full.dispatch(request("HEAD", "https://us-south.kms.example.com/api/v2/keys?filter=extractable%3Dfalse", kmsHeaders)));

const metrics = createEmulator("metrics-v1");
const token = { "X-Auth-User-Token": "iam bench", "content-type": "application/json" };
for (let batch = 0; batch < CAPS.metricsPathsPerDomain / 1_000; batch++) {
  const samples = Array.from({ length: 1_000 }, (_, i) => ({ name: `app.host${batch}.m${"x".repeat(40)}${i}`, value: i, timestamp: 1_700_000_000 + i }));
  await metrics.dispatch(request("POST", "https://metrics.example.com/v1/metrics", token, JSON.stringify(samples)));
}
const worstPattern = `app.*${"*a".repeat((CAPS.metricsPatternLength - 8) / 2)}.b`.slice(0, CAPS.metricsPatternLength);
holds["metrics list, 512-character *a*a… pattern over 2,000 paths"] = await timedMs(() => metrics.dispatch(request("GET", `https://metrics.example.com/v1/metrics/list?query=${encodeURIComponent(worstPattern)}`, token)));
holds["metrics retrieve, app.*.* over 2,000 paths"] = await timedMs(() => metrics.dispatch(request("GET", `https://metrics.example.com/v1/metrics?target=${encodeURIComponent("app.*.*")}&from=1600000000&until=1800000000`, token)));
const send = Array.from({ length: 2_000 }, (_, i) => ({ name: "app.host0.single", value: i, timestamp: 1_700_000_000 + ((i * 7919) % 2_000) }));
// The answers the timings are of (a refused request would be quick for the wrong reason).
const kmsStatuses = await Promise.all(["limit=5000&sort=-creationDate,id", `limit=5000&search=${encodeURIComponent("alias:alias-9999")}`].map(async (q) => {
  const r = await kmsGet(q);
  return `${r.status} ${r.body?.length ?? 0} bytes`;
}));
const head = await full.dispatch(request("HEAD", "https://us-south.kms.example.com/api/v2/keys?filter=extractable%3Dfalse", kmsHeaders));
kmsStatuses.push(`HEAD ${head.status} Key-Total ${head.headers["Key-Total"]}`);
holds["metrics send, 2,000 samples to one path (out of order)"] = await timedMs(() => metrics.dispatch(request("POST", "https://metrics.example.com/v1/metrics", token, JSON.stringify(send))));

const series = createEmulator("metrics-v1");
// 2,000 samples a send: each is 4 JSON values, under the edge's 10,000.
for (let batch = 0; batch < CAPS.metricsDatapoints / 2_000 - 5; batch++) {
  await series.dispatch(request("POST", "https://metrics.example.com/v1/metrics", token, JSON.stringify(Array.from({ length: 2_000 }, (_, i) => ({ name: "one.path", value: i, timestamp: 1_600_000_000 + batch * 2_000 + i })))));
}
holds[`metrics retrieve, one path holding ${(CAPS.metricsDatapoints - 10_000).toLocaleString("en")} datapoints`] = await timedMs(() => series.dispatch(request("GET", `https://metrics.example.com/v1/metrics?target=one.path&from=1500000000&until=1800000000`, token)));

// Issue 38: a function repeating one argument is charged per repetition (refused past the step budget, not 41 s of work).
const repeated = createEmulator("metrics-v1", { seedFromExamples: false });
for (let batch = 0; batch < CAPS.metricsDatapoints / 2_000; batch++) {
  await repeated.dispatch(request("POST", "https://metrics.example.com/v1/metrics", token, JSON.stringify(Array.from({ length: 2_000 }, (_, i) => ({ name: "a", value: i, timestamp: 1_600_000_000 + batch * 2_000 + i })))));
}
const sum250 = `sumSeries(${Array(250).fill("a").join(",")})`;
let sum250Status = 0;
holds[`metrics retrieve sumSeries(a,a,…×250), a holding ${CAPS.metricsDatapoints.toLocaleString("en")} datapoints`] = await timedMs(async () => {
  sum250Status = (await repeated.dispatch(request("GET", `https://metrics.example.com/v1/metrics?target=${encodeURIComponent(sum250)}&from=1500000000&until=1800000000`, token))).status;
});

const notifications = createEmulator("notifications-v1", { seedFromExamples: false });
const nBase = `https://us-south.event-notifications.example.com/event-notifications/v1/instances/${INSTANCE}`;
const nHeaders = { authorization: "Bearer b", "content-type": "application/json" };
const sourceIds: string[] = [];
for (let i = 0; i < CAPS.notificationsRecordsPerKind; i++) {
  const r = await notifications.dispatch(request("POST", `${nBase}/sources`, nHeaders, JSON.stringify({ name: `source-${i}`, description: "d" })));
  sourceIds.push(JSON.parse(r.body!).id);
}
for (let i = 0; i < CAPS.notificationsRecordsPerKind; i++) {
  await notifications.dispatch(request("POST", `${nBase}/topics`, nHeaders, JSON.stringify({ name: `topic-${i}`, sources: sourceIds.slice(i % 900, (i % 900) + 100).map((id) => ({ id, rules: [{ event_type_filter: "$.notification_event_info.event_type == 'x'" }] })) })));
}
holds["notifications list sources, 1,000 sources × 1,000 topics of 100 sources, page of 100"] = await timedMs(() => notifications.dispatch(request("GET", `${nBase}/sources?limit=100`, nHeaders)));

process.stdout.write(`${JSON.stringify({ identityCodes, sum250Status, kmsStatuses, created, refused, cap: CAPS.kmsKeysPerInstance, rssStart, rssAtCap, rssEnd, latency10, latency10k, holds })}\n`);
