/**
 * The hostile-request battery, as bytes: each valid baseline request of an operation broken
 * along every dimension a server must survive (headers, bodies, framing, methods, paths). The
 * mock's tests (test/mock) and the load benchmark (scripts/bench) send the same requests; each
 * brings its own baselines.
 */
import { seededRandom } from "../../runtime/controls/seeded-random.js";

/** A request as it goes on the wire (a mutation returns bytes instead when it needs what no serialization writes). */
export interface Wire {
  method: string;
  target: string;
  headers: [string, string | Buffer][];
  body?: Buffer;
  /** Framing headers are written by serialize() unless the case sets its own. */
  ownFraming?: boolean;
}

/** A valid request of one operation ("METHOD /template"), the starting point of its hostile variants. */
export interface Baseline {
  operation: string;
  wire: Wire;
  requestMediaTypes: string[];
}

export interface HostileCase {
  service: string;
  /** "METHOD /template" of the baseline it was derived from. */
  operation: string;
  dimension: string;
  label: string;
  bytes: Buffer;
  /** False when the case changes method or path: the answer is then judged by wherever the request routes. */
  sameOperation: boolean;
}

export function serialize(w: Wire): Buffer {
  const lines: Buffer[] = [Buffer.from(`${w.method} ${w.target} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n`, "latin1")];
  for (const [k, v] of w.headers) lines.push(Buffer.concat([Buffer.from(`${k}: `, "latin1"), Buffer.isBuffer(v) ? v : Buffer.from(v, "latin1"), Buffer.from("\r\n")]));
  if (!w.ownFraming && w.body) lines.push(Buffer.from(`content-length: ${w.body.length}\r\n`));
  lines.push(Buffer.from("\r\n"));
  if (w.body) lines.push(w.body);
  return Buffer.concat(lines);
}

const set = (w: Wire, name: string, value: string | Buffer): Wire => ({ ...w, headers: [...w.headers.filter(([k]) => k.toLowerCase() !== name.toLowerCase()), [name, value]] });
const add = (w: Wire, name: string, value: string): Wire => ({ ...w, headers: [...w.headers, [name, value]] });
const drop = (w: Wire, name: string): Wire => ({ ...w, headers: w.headers.filter(([k]) => k.toLowerCase() !== name.toLowerCase()) });
const withBody = (w: Wire, body: Buffer, contentType?: string): Wire => (contentType ? set({ ...w, body }, "content-type", contentType) : { ...w, body });
const nested = (n: number) => Buffer.from("[".repeat(n) + "]".repeat(n));
const utf8 = (s: string) => Buffer.from(s, "utf8");

type Mutation = [dimension: string, label: string, make: (w: Wire, ctx: { json: string; other: string[] }) => Wire | Buffer, sameOperation?: boolean];

/** Every hostile variation of one baseline. Each entry is a different request. */
export const MUTATIONS: Mutation[] = [
  // Content-Type
  ...["a", ";;;=", "", "application/json;", "text/html", "application/json; charset=utf-16", "*/*", "application/x-www-form-urlencoded", "multipart/form-data; boundary=", "application/" + "x".repeat(4000), "application/json; charset", "application/json;;;", "text/plain; q=\"unterminated"].map(
    (v): Mutation => ["content-type", JSON.stringify(v.slice(0, 40)), (w) => set(w, "content-type", v)],
  ),
  ["content-type", "non-ASCII", (w) => set(w, "content-type", utf8("application/jsön"))],
  ["content-type", "repeated, conflicting", (w) => add(add(drop(w, "content-type"), "content-type", "application/json"), "content-type", "text/plain")],
  // Accept
  ...[";;;=", "text/html;", "text/html", "*/*;q=0", "application/json;q=2", "", ",,,", "x/y, */*", "*/json", "application/*;q=0.5, text/plain", "a".repeat(5000), "*/*; q=abc"].map(
    (v): Mutation => ["accept", JSON.stringify(v.slice(0, 40)), (w) => set(w, "accept", v)],
  ),
  ["accept", "non-ASCII", (w) => set(w, "accept", utf8("täxt/html"))],
  ["accept", "repeated", (w) => add(add(w, "accept", ";;;="), "accept", "text/html")],
  // Authorization
  ...["", "Bearer", "Bearer  ", "Basic !!!", `Basic ${btoa("a:b:c")}`, "bearer lower-case", "Digest x", `Bearer ${"x".repeat(7000)}`].map(
    (v): Mutation => ["authorization", JSON.stringify(v.slice(0, 30)), (w) => set(w, "authorization", v)],
  ),
  ["authorization", "non-ASCII", (w) => set(w, "authorization", utf8("Bearer tökén"))],
  ["authorization", "repeated", (w) => add(add(w, "authorization", "Bearer a"), "authorization", "Basic Yjpj")],
  ["authorization", "removed", (w) => drop(w, "authorization")],
  // Prefer and case selection
  ...["code=abc", "code=999", "example=", "example=nope", "code=200, example=nope", "return=full", "return=minimal", ";;;", "code=404", "example=missingRequiredField", "respond-async, wait=1", "code=201;example=created"].map(
    (v): Mutation => ["prefer", JSON.stringify(v), (w) => set(w, "prefer", v)],
  ),
  ...["code=404", "example=nope", "code=abc", "garbage;;;"].map((v): Mutation => ["x-mock-case", JSON.stringify(v), (w) => set(w, "x-mock-case", v)]),
  // Other headers: over-long, non-ASCII, CR/LF attempts, framing
  ["headers", "header section over 16 KiB", (w) => set(w, "x-filler", "f".repeat(17_000))],
  ["headers", "200 extra headers", (w) => ({ ...w, headers: [...w.headers, ...Array.from({ length: 200 }, (_, i) => [`x-h${i}`, "v"] as [string, string])] })],
  ["headers", "non-ASCII value", (w) => set(w, "x-note", utf8("naïve ☃"))],
  ["headers", "CR LF header injection", (w) => set(w, "x-note", "a\r\nx-injected: 1")],
  ["headers", "bare LF in a value", (w) => set(w, "x-note", "a\nb")],
  ["headers", "bare CR in a value", (w) => set(w, "x-note", "a\rb")],
  ["headers", "NUL in a value", (w) => set(w, "x-note", "a\0b")],
  ["headers", "space in a header name", (w) => set(w, "x bad", "1")],
  ["headers", "no Host", (w) => serialize(w).toString("latin1").replace("host: 127.0.0.1\r\n", "") as unknown as Buffer],
  ["headers", "two Host headers", (w) => add(w, "host", "evil.example")],
  ["framing", "conflicting Content-Length", (w) => ({ ...add(add(w, "content-length", "2"), "content-length", "3"), ownFraming: true, body: Buffer.from("{}") })],
  ["framing", "Content-Length shorter than the body", (w) => ({ ...add(w, "content-length", "1"), ownFraming: true, body: Buffer.from('{"a":1}') })],
  ["framing", "negative Content-Length", (w) => ({ ...add(w, "content-length", "-1"), ownFraming: true })],
  ["framing", "bad chunk size", (w) => ({ ...add(w, "transfer-encoding", "chunked"), ownFraming: true, body: Buffer.from("zz\r\nabc\r\n0\r\n\r\n") })],
  ["framing", "chunked and Content-Length", (w) => ({ ...add(add(w, "transfer-encoding", "chunked"), "content-length", "5"), ownFraming: true, body: Buffer.from("2\r\n{}\r\n0\r\n\r\n") })],
  ["framing", "valid chunked body", (w) => ({ ...add(w, "transfer-encoding", "chunked"), ownFraming: true, body: Buffer.concat([Buffer.from(`${(w.body?.length ?? 0).toString(16)}\r\n`), w.body ?? Buffer.alloc(0), Buffer.from("\r\n0\r\n\r\n")]) })],
  ["framing", "Expect: 100-continue", (w) => set(w, "expect", "100-continue")],
  ["framing", "Upgrade: websocket", (w) => set(set(w, "upgrade", "websocket"), "connection", "upgrade")],
  // Bodies
  ["body", "malformed JSON", (w, c) => withBody(w, Buffer.from("{"), c.json)],
  ["body", "truncated baseline", (w, c) => withBody(w, (w.body ?? Buffer.from('{"a":[1,2]}')).subarray(0, Math.max(1, Math.floor((w.body?.length ?? 11) / 2))), c.json)],
  ["body", "JSON null", (w, c) => withBody(w, Buffer.from("null"), c.json)],
  ["body", "JSON array", (w, c) => withBody(w, Buffer.from("[]"), c.json)],
  ["body", "JSON string", (w, c) => withBody(w, Buffer.from('"s"'), c.json)],
  ["body", "nested 10,000 deep", (w, c) => withBody(w, nested(10_000), c.json)],
  ["body", "nested 60 deep (under the limit)", (w, c) => withBody(w, nested(60), c.json)],
  ["body", "nested objects 5,000 deep", (w, c) => withBody(w, Buffer.from('{"a":'.repeat(5000) + "1" + "}".repeat(5000)), c.json)],
  ["body", "2 MiB", (w, c) => withBody(w, Buffer.alloc(2 * 1024 * 1024, 0x20), c.json)],
  ["body", "900 KiB string", (w, c) => withBody(w, Buffer.from(JSON.stringify({ s: "x".repeat(900 * 1024) })), c.json)],
  ["body", "20,000-element array", (w, c) => withBody(w, Buffer.from(JSON.stringify(Array.from({ length: 20_000 }, (_, i) => i))), c.json)],
  ["body", "invalid UTF-8", (w, c) => withBody(w, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), c.json)],
  ["body", "UTF-8 BOM before JSON", (w, c) => withBody(w, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), w.body ?? Buffer.from("{}")]), c.json)],
  ["body", "lone surrogate escape", (w, c) => withBody(w, Buffer.from('{"name":"\\ud800"}'), c.json)],
  ["body", "duplicate keys", (w, c) => withBody(w, Buffer.from('{"a":1,"a":{"b":2}}'), c.json)],
  ["body", "__proto__ key", (w, c) => withBody(w, Buffer.from('{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}'), c.json)],
  ["body", "huge number", (w, c) => withBody(w, Buffer.from('{"n":1e400,"m":-0,"k":123456789012345678901234567890}'), c.json)],
  ["body", "form body with a JSON type", (w, c) => withBody(w, Buffer.from("a=1&b=%zz&&="), c.json)],
  ["body", "JSON with a form type", (w) => withBody(w, w.body ?? Buffer.from("{}"), "application/x-www-form-urlencoded")],
  ["body", "form with bad percent-encoding", (w) => withBody(w, Buffer.from("a=%zz&%%%=1&b"), "application/x-www-form-urlencoded")],
  ["body", "empty with Content-Length 0", (w) => ({ ...w, body: Buffer.alloc(0) })],
  ["body", "body on a GET-like method kept as is", (w) => withBody(w, Buffer.from('{"x":1}'))],
  ["body", "binary with octet-stream", (w) => withBody(w, Buffer.from([0, 1, 2, 255]), "application/octet-stream")],
  // Methods
  ...["PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "POST", "GET", "TRACE", "FOO", "get", "PROPFIND", "M-SEARCH"].map(
    (m): Mutation => ["method", m, (w) => ({ ...w, method: m }), false],
  ),
  ["method", "CONNECT", () => Buffer.from("CONNECT 127.0.0.1:1 HTTP/1.1\r\nhost: 127.0.0.1:1\r\n\r\n"), false],
  // Paths and request targets
  ["path", "trailing slash", (w) => ({ ...w, target: w.target.replace(/(\?|$)/, "/$1") }), false],
  ["path", "double slash", (w) => ({ ...w, target: `/${w.target}` }), false],
  ["path", "dot segments", (w) => ({ ...w, target: `/../..${w.target}` }), false],
  ["path", "bad percent-encoding", (w) => ({ ...w, target: w.target.replace(/\/([^/?]*)(\?|$)/, "/%zz%$2") }), false],
  ["path", "encoded NUL", (w) => ({ ...w, target: w.target.replace(/(\?|$)/, "%00$1") }), false],
  ["path", "raw non-ASCII bytes", (w) => serialize({ ...w, target: "/ü/☃" }).toString("latin1") as unknown as Buffer, false],
  ["path", "10 KiB path", (w) => ({ ...w, target: `/${"a".repeat(10_240)}` }), false],
  ["path", "absolute-form target", (w) => ({ ...w, target: `http://evil.example${w.target}` }), false],
  ["path", "asterisk-form target", (w) => ({ ...w, method: "OPTIONS", target: "*" }), false],
  ["path", "unknown path", (w) => ({ ...w, target: "/definitely/not/documented" }), false],
  ["query", "garbage query", (w) => ({ ...w, target: `${w.target}${w.target.includes("?") ? "&" : "?"}a=%zz&&=&b=%ff` })],
  ["query", "mock query overrides", (w) => ({ ...w, target: `${w.target}${w.target.includes("?") ? "&" : "?"}__code=999&__example=nope` })],
  ["query", "repeated parameters", (w) => ({ ...w, target: w.target.includes("?") ? `${w.target}&${w.target.split("?")[1]}` : `${w.target}?x=1&x=2` })],
  ["query", "path parameter with an encoded slash", (w) => ({ ...w, target: w.target.replace(/\/([0-9a-f-]{36})/, "/a%2Fb") })],
];

/**
 * Hostile cases of a service: every mutation of every operation's baseline, or (with `next`)
 * each kept mutation once, on an operation the seeded generator picks.
 */
export function hostileCases(serviceId: string, bases: readonly Baseline[], next?: () => number, keep: (mutation: number) => boolean = () => true): HostileCase[] {
  const out: HostileCase[] = [];
  const picked = next ? MUTATIONS.map((_, m) => (keep(m) ? Math.floor(next() * bases.length) : -1)) : undefined;
  for (const [b, { operation, wire, requestMediaTypes }] of bases.entries()) {
    const json = requestMediaTypes.find((m) => /json/.test(m)) ?? "application/json";
    for (const [m, [dimension, label, make, same = true]] of MUTATIONS.entries()) {
      if (picked && picked[m] !== b) continue;
      const made = make(wire, { json, other: requestMediaTypes });
      const bytes = Buffer.isBuffer(made) ? made : typeof made === "string" ? Buffer.from(made, "latin1") : serialize(made);
      out.push({ service: serviceId, operation, dimension, label, bytes, sameOperation: same });
    }
  }
  return out;
}

/** A seeded PRNG, so a failing long run can be replayed with its seed: the one the emulator's `--seed` uses. */
export const random = seededRandom;

/** Two or three mutations stacked on one baseline: the long run's combinations. */
export function combinedCases(serviceId: string, bases: readonly Baseline[], count: number, next: () => number): HostileCase[] {
  const headerOnly = MUTATIONS.filter(([d]) => d !== "method" && d !== "path" && d !== "framing");
  const out: HostileCase[] = [];
  for (let i = 0; i < count; i++) {
    const base = bases[Math.floor(next() * bases.length)]!;
    const json = base.requestMediaTypes.find((m) => /json/.test(m)) ?? "application/json";
    let wire = base.wire;
    const labels: string[] = [];
    for (let k = 0; k < 2 + Math.floor(next() * 2); k++) {
      const [d, label, make] = headerOnly[Math.floor(next() * headerOnly.length)]!;
      const made = make(wire, { json, other: base.requestMediaTypes });
      if (Buffer.isBuffer(made) || typeof made === "string") continue;
      wire = made;
      labels.push(`${d} ${label}`);
    }
    out.push({ service: serviceId, operation: base.operation, dimension: "combined", label: labels.join(" + "), bytes: serialize(wire), sameOperation: true });
  }
  return out;
}

