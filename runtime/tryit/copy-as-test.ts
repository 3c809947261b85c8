/**
 * Copy as test (issue 48): the console's session (the requests the emulator in the page answered
 * since its state was last reset or imported, in order) as a Vitest file that replays them with
 * the package's typed client against the same emulator under MSW in Node (README, "Stateful
 * emulators in your tests"), from the same state (the imported snapshot, or the documents'
 * examples) and the same randomness (the console's seed, drawn by the same mulberry32), and
 * expects the statuses the page saw and no document violation. A call a panel made is written as
 * the client call with the panel's inputs; a request the panel made otherwise (an Authorize
 * step) as a `fetch` of the request as the emulator received it. Loaded on first use.
 */
import type { History, Sent } from "./saved.js";

export interface CopyAsTestInput {
  serviceId: string;
  /** The generated client's factory, e.g. createKmsV2Client. */
  factory: string;
  history: History;
  /** The emulator's signing key the console keeps, when it has one (its tokens verify in the test too). */
  signingKey?: Record<string, unknown>;
  /** When the file is written (a comment only). */
  date?: string;
}

const METHODS = new Set(["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]);
/** Headers the browser or the client sets itself; the test's client and fetch set their own. */
const NOT_COPIED = /^(host|connection|content-length|origin|referer|user-agent|accept-encoding|accept-language|sec-[\w-]+|x-tryit-cookie)$/i;

const literal = (value: unknown, indent = "  ") => JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`);

/** The requests Copy as test replays: those of the session, from its start on. */
export const sessionEntries = (history: History): Sent[] => history.entries.filter((e) => e.seq >= history.start.seq);

function callLines(entry: Sent, n: number, credentialsName: (credentials: Record<string, unknown>) => string): string[] {
  const call = entry.call!;
  const init: Record<string, unknown> = {};
  const params = { ...call.params };
  const headers = { ...call.headers };
  // The page carries cookies under another header name (browsers refuse Cookie); Node sends Cookie itself.
  if (params.cookie) {
    headers.cookie = Object.entries(params.cookie).map(([k, v]) => `${k}=${String(v)}`).join("; ");
    delete params.cookie;
  }
  if (Object.keys(params).length) init.params = params;
  if (Object.keys(headers).length) init.headers = headers;
  if (call.body !== undefined) init.body = call.body;
  init.parseAs = "text";
  init.redirect = "manual";
  const client = `client(${credentialsName(call.credentials)}${call.validate ? "" : ", false"})`;
  const invoke = METHODS.has(call.method) ? `${client}.${call.method}(${JSON.stringify(call.path)}, ${literal(init)})` : `${client}.request(${JSON.stringify(call.method)}, ${JSON.stringify(call.path)}, ${literal(init)})`;
  const head = `  // ${n}. ${call.operationId}: ${call.method} ${call.path}`;
  if (call.createdId === undefined) return [head, `  expect((await ${invoke}).response.status).toBe(${entry.status});`];
  // The id the page's emulator gave: the same state and randomness give the same one.
  return [head, `  const r${n} = await ${invoke};`, `  expect(r${n}.response.status).toBe(${entry.status});`, `  expect(String(r${n}.data)).toContain(${JSON.stringify(call.createdId)});`];
}

function fetchLines(entry: Sent, n: number): string[] {
  const headers = Object.fromEntries(entry.headers.filter(([k]) => !NOT_COPIED.test(k)));
  const init: Record<string, unknown> = { method: entry.method, headers, redirect: "manual" };
  if (entry.body !== "") init.body = entry.body;
  return [`  // ${n}. ${entry.method} ${new URL(entry.url).pathname} (sent by the console itself, not a panel: as the emulator received it)`, `  expect((await fetch(${JSON.stringify(entry.url)}, ${literal(init)})).status).toBe(${entry.status});`];
}

/** The Vitest file of the session. */
export function copyAsTest(input: CopyAsTestInput): string {
  const { serviceId, factory, history } = input;
  const entries = sessionEntries(history);
  const options: string[] = [`random: seeded(${history.start.seed})`];
  if (input.signingKey) options.push(`seed: { signingKey: ${literal(input.signingKey, "  ")} }`);
  // Each set of credentials the panels used, written once.
  const credentials = new Map<string, string>();
  const credentialsName = (value: Record<string, unknown>) => {
    const text = literal(value, "");
    if (!credentials.has(text)) credentials.set(text, `CREDENTIALS_${credentials.size + 1}`);
    return credentials.get(text)!;
  };
  const steps = entries.flatMap((entry, i) => (entry.call ? callLines(entry, i + 1, credentialsName) : fetchLines(entry, i + 1)));
  const credentialLines = [...credentials].map(([text, name]) => `const ${name} = ${text};\n`).join("");
  const file = `${serviceId}.tryit.test.ts`;
  return `// ${file} · written by the reference site's Try it console (Copy as test)${input.date ? ` on ${input.date}` : ""}
// Run: npx vitest run ${file} · needs Node 22.12+, cloud-interfaces and msw 3 (npm install --save-dev msw@3.0.5)
// The console's session: ${entries.length} request${entries.length === 1 ? "" : "s"} to the ${serviceId} emulator, replayed in order
// against the same emulator under MSW, from the same state (${history.start.snapshot ? "the snapshot below" : "the documents' examples"}) and the same
// randomness (the console's seed), so ids and tokens come out as they did in the page.
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ${factory} } from "cloud-interfaces/${serviceId}";
import { mswEmulator } from "cloud-interfaces/msw";

/** The console's randomness: mulberry32 of its seed. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The state the session started from${history.start.snapshot ? " (the emulator's snapshot, as GET /__emulator/state gives it)" : ": the documents' examples"}. */
const START = ${history.start.snapshot ? literal(history.start.snapshot, "") : "undefined"};

const emulator = mswEmulator(${JSON.stringify(serviceId)}, {
  ${options.join(",\n  ")},
});
const server = setupServer(...emulator.handlers);
beforeAll(async () => {
  server.listen({ onUnhandledFrame: "error" });
  await emulator.emulator.ready;
  if (START) emulator.restore(START);
});
afterAll(() => server.close());

/** The typed client, with a panel's credentials (the emulator's own values, as the page sent them). */
const client = (credentials: Record<string, unknown>, validate = true) => ${factory}({ baseUrl: emulator.baseUrl, retry: false, validate, credentials } as Parameters<typeof ${factory}>[0]);
${credentialLines}
it("replays the Try it session", async () => {
${steps.join("\n")}
  expect(emulator.emulator.violations).toEqual([]);
});
`;
}
