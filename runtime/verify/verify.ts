/**
 * `verifyServer(id, options)`: sends a live server the document's own requests, the negative
 * cases derived from every rule, and (with `allowWrites`) create/list/count/get/update/delete
 * flows, and checks every answer against the document with the emulators' contract.
 */
import { Contract } from "../emulator/contract.js";
import { loadBundledDocument } from "../emulator/documents.js";
import { answerFailures, foreignRedirect, isErrorRedirect } from "./checks.js";
import { cleanUp, runFlows, trackCreated } from "./flows.js";
import { deriveNegativeCases, type NegativeCase } from "./negative.js";
import { boundNames, documentedRequests, readOperations, securitySchemes, type DocOperation } from "./operations.js";
import { describeWire, toWire, type RawRequest } from "./raw-request.js";
import type { Check, Failure, OperationReport, VerifyReport } from "./report.js";
import { refusal, type Permissions } from "./safety.js";
import { DeadlineReached, Sender, type Answer, type FetchLike } from "./sender.js";
import { ajvValidators } from "../emulator/ajv-validators.js";

export interface VerifyOptions {
  /** The server to verify; every request goes to its origin and nowhere else. */
  baseUrl: string;
  /** Security scheme name → name of the environment variable holding its secret (Basic: `user:password`). */
  credentialsEnv?: Record<string, string>;
  /** Where those variables are read (default process.env). */
  env?: Record<string, string | undefined>;
  /** Values of the parameters clients bind at creation (`x-client.bind`) or any other parameter, by name. */
  bind?: Record<string, string>;
  allowWrites?: boolean;
  allowSend?: boolean;
  /** Only these operationIds. */
  only?: string[];
  /** Requests per second (default 10); Infinity for no limit. */
  rate?: number;
  /** Overall deadline in milliseconds (default 300 000). */
  deadlineMs?: number;
  /** Per-request time limit in milliseconds (default 30 000). */
  requestTimeoutMs?: number;
  /** Instead of the global fetch (e.g. an emulator's `handle`, in-process). */
  fetch?: FetchLike;
  /** The bundled document to verify against (default the packaged one). */
  document?: unknown;
}

/** Bad options (exit code 2), named by the option and the rule. */
export class VerifyUsageError extends Error {
  override readonly name = "VerifyUsageError";
}

export interface RunContext {
  doc: any;
  contract: Contract;
  ops: DocOperation[];
  sender: Sender;
  bind: Record<string, string>;
  permissions: Permissions;
  selected: (op: DocOperation) => boolean;
  /** Sends one request for `op`; records the status seen and returns the answer with its conformance failures. */
  call(op: DocOperation, req: RawRequest): Promise<{ answer: Answer; failures: Failure[]; request: Check["request"]; notes: string[] }>;
  record(op: DocOperation, check: Check): void;
  leftBehind: VerifyReport["leftBehind"];
  /** Resources documented requests created, deleted (or listed as left behind) at the end. */
  created: { op: DocOperation; id: string | undefined }[];
}

function readSecrets(doc: any, options: VerifyOptions): Record<string, string> {
  const schemes = securitySchemes(doc);
  const env = options.env ?? process.env;
  const out: Record<string, string> = {};
  for (const [scheme, variable] of Object.entries(options.credentialsEnv ?? {})) {
    if (!schemes[scheme]) throw new VerifyUsageError(`--credentials-env ${scheme}: not a security scheme of the document (schemes: ${Object.keys(schemes).join(", ") || "none"})`);
    const value = env[variable];
    if (value === undefined || value === "") throw new VerifyUsageError(`--credentials-env ${scheme}=${variable}: the environment variable ${variable} is not set`);
    const s = schemes[scheme]!;
    if (s.type === "http" && s.scheme.toLowerCase() === "basic" && !value.includes(":")) throw new VerifyUsageError(`--credentials-env ${scheme}=${variable}: a Basic scheme's variable holds user:password`);
    out[scheme] = value;
  }
  return out;
}

/** Every form a secret can take on the wire, so none survives into a report. */
function secretForms(secrets: Record<string, string>): string[] {
  return Object.values(secrets).flatMap((s) => [s, Buffer.from(s).toString("base64"), encodeURIComponent(s)]).filter((s) => s.length >= 4);
}

function scrub<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  let text = JSON.stringify(value);
  for (const s of secrets) text = text.split(JSON.stringify(s).slice(1, -1)).join("[redacted]");
  return JSON.parse(text) as T;
}

export async function verifyServer(serviceId: string, options: VerifyOptions): Promise<VerifyReport> {
  const started = Date.now();
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new VerifyUsageError(`--base-url: not a URL (${JSON.stringify(options.baseUrl)})`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") throw new VerifyUsageError(`--base-url: must be http or https, got ${base.protocol}`);
  if (base.username || base.password) throw new VerifyUsageError("--base-url: must not carry credentials; use --credentials-env");
  const doc = (options.document ?? loadBundledDocument(serviceId)) as any;
  const contract = new Contract(serviceId, doc, ajvValidators(serviceId, doc));
  const ops = readOperations(doc);
  const only = options.only;
  for (const id of only ?? []) if (!ops.some((o) => o.operationId === id)) throw new VerifyUsageError(`--only ${id}: no such operationId (known: ${ops.map((o) => o.operationId).join(", ")})`);
  const bind = options.bind ?? {};
  const known = new Set([...boundNames(doc), ...ops.flatMap((o) => o.parameters.map((p) => p.name))].map((n) => n.toLowerCase()));
  for (const name of Object.keys(bind)) if (!known.has(name.toLowerCase())) throw new VerifyUsageError(`--bind ${name}: not a parameter of the document`);
  const rate = options.rate ?? 10;
  if (!(rate > 0)) throw new VerifyUsageError(`--rate: must be a positive number of requests per second, got ${rate}`);
  const secrets = readSecrets(doc, options);
  const masked = secretForms(secrets);
  const schemes = securitySchemes(doc);
  const sender = new Sender(base.href, {
    rate,
    deadline: started + (options.deadlineMs ?? 300_000),
    timeoutMs: options.requestTimeoutMs ?? 30_000,
    fetch: options.fetch ?? ((request) => fetch(request)),
  });
  const baseUrl = base.href.replace(/\/$/, "");

  const reports = new Map<string, OperationReport>(ops.map((o) => [o.key, { operation: o.key, operationId: o.operationId, checks: [] }]));
  const seen = new Set<string>();
  const permissions: Permissions = { allowWrites: options.allowWrites === true, allowSend: options.allowSend === true };
  const ctx: RunContext = {
    doc,
    contract,
    ops,
    sender,
    bind,
    permissions,
    selected: (op) => !only || only.includes(op.operationId),
    leftBehind: [],
    created: [],
    record: (op, check) => reports.get(op.key)!.checks.push(check),
    async call(op, req) {
      const wire = toWire(baseUrl, req, { styles: op.styles, mediaTypes: op.mediaTypes, security: op.security, schemes }, secrets);
      const answer = await sender.send(wire);
      seen.add(`${op.key} ${answer.status}`);
      const notes: string[] = [];
      const foreign = foreignRedirect(answer, sender.origin);
      if (foreign) notes.push(foreign);
      return { answer, failures: answerFailures(contract, op, answer), request: describeWire(wire, masked), notes };
    },
  };

  let incomplete: string | undefined;
  try {
    for (const op of ops) {
      const why = !ctx.selected(op) ? "not in --only" : refusal(op, permissions);
      if (why) reports.get(op.key)!.skipped = why;
    }
    const runnable = (op: DocOperation) => !reports.get(op.key)!.skipped;
    if (permissions.allowWrites) await runFlows(ctx, runnable);
    for (const op of ops.filter(runnable)) {
      const { requests, missing } = documentedRequests(doc, op, bind);
      if (requests.length === 0) {
        ctx.record(op, { kind: "documented", name: "documented request", passed: false, failures: [{ message: `the document gives no example for ${missing.join(", ")}; pass it with --bind`, pointer: op.ptr }] });
        continue;
      }
      for (const { example, request } of requests) {
        const { answer, failures, request: shown, notes } = await ctx.call(op, request);
        ctx.record(op, { kind: "documented", name: `example ${example}`, passed: failures.length === 0, failures, request: shown, status: answer.status, ...(notes.length ? { notes } : {}) });
        trackCreated(ctx, op, answer);
      }
    }
    const { cases } = deriveNegativeCases(contract, bind);
    const byOp = new Map(ops.map((o) => [o.key, o]));
    for (const c of cases) {
      const op = byOp.get(c.operation)!;
      if (!runnable(op)) continue;
      await negativeCheck(ctx, op, c);
    }
    await cleanUp(ctx);
  } catch (error) {
    if (!(error instanceof DeadlineReached)) throw error;
    incomplete = `the overall deadline of ${options.deadlineMs ?? 300_000} ms was reached; later checks were not run`;
  }

  const operations = [...reports.values()];
  const checks = operations.flatMap((o) => o.checks);
  const failed = checks.filter((c) => !c.passed).length;
  const allCases = ops.flatMap((o) => Object.keys(o.raw.responses ?? {}).map((s) => `${o.key} ${s}`));
  const report: VerifyReport = {
    service: serviceId,
    baseUrl,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    passed: failed === 0 && !incomplete,
    summary: { checks: checks.length, passed: checks.length - failed, failed, requests: sender.sent },
    coverage: {
      operations: { exercised: operations.filter((o) => o.checks.some((c) => c.status !== undefined)).length, total: ops.length },
      responseCases: { exercised: allCases.filter((c) => seen.has(c)).length, total: allCases.length, missing: allCases.filter((c) => !seen.has(c)) },
    },
    leftBehind: ctx.leftBehind,
    ...(incomplete ? { incomplete } : {}),
    operations,
  };
  return scrub(report, masked);
}

/** A request breaking exactly one rule must get a documented error: a 4xx, or the documented error redirect. */
async function negativeCheck(ctx: RunContext, op: DocOperation, c: NegativeCase): Promise<void> {
  const { answer, failures, request, notes } = await ctx.call(op, c.request);
  const rejected = (answer.status >= 400 && answer.status < 500) || isErrorRedirect(answer);
  const all = rejected ? failures : [{ message: `a request breaking ${c.constraint} was answered ${answer.status}, not a documented error`, pointer: c.rule }, ...failures];
  ctx.record(op, { kind: "negative", name: `breaks ${c.constraint}`, passed: all.length === 0, failures: all, request, status: answer.status, ...(notes.length ? { notes } : {}) });
}
