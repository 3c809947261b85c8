/**
 * `verifyServer(id, options)`: sends a live server the document's own requests, the negative
 * cases derived from every rule, and (with `allowWrites`) create/list/count/get/update/delete
 * flows, and checks every answer against the document with the emulators' contract.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { VerifyUsageError } from "./errors.js";
import { applyBaseline, baselineOf, readBaseline, writeBaseline, type Baseline } from "./baseline.js";
import { Contract } from "../emulator/contract.js";
import { loadBundledDocument, loadBundledWorkflows } from "../emulator/documents.js";
import { useWorkflows, workflowsOf } from "../openapi/workflows.js";
import { answerFailures, challengeFailures, foreignRedirect } from "./checks.js";
import { callUnique, cleanUp, freshTag, retagged, trackCreated, uniquified, uniqueFields } from "./flows.js";
import { runWorkflows } from "./flows-arazzo.js";
import type { Called, RunContext } from "./run-context.js";
import { withFreshCode } from "./oauth-flow.js";
import { deriveNegativeCases, type NegativeCase } from "./negative.js";
import { boundNames } from "../openapi/example-requests.js";
import { queryStyles, type TableOperation } from "../openapi/operation-table.js";
import { documentedRequests, documentOperations, securitySchemes, type DocumentedRequest } from "./operations.js";
import { describeWire, toWire, type RawRequest } from "./raw-request.js";
import type { Check, Failure, OperationReport, VerifyReport } from "./report.js";
import { refusal, requestRefusal, type Permissions } from "./safety.js";
import { DeadlineReached, Sender, type Answer, type FetchLike } from "./sender.js";
import { accessOf, checkOf, countChecks, EXIT_CODES, expectedStatuses, judgeNegative, judgeValid, runVerdict, type Access } from "./verdict.js";
import { DEFAULT_MAX_BODY_BYTES, isByteLimit } from "../core/body-limit.js";
import { ajvValidators } from "../emulator/ajv-validators.js";
import type { ServiceId } from "../../generated/service-ids.js";
import { carriedCredentials } from "../emulator/world.js";
import { requestValues } from "../core/required-when.js";

export interface VerifyOptions {
  /** The server to verify; every request goes to its origin and nowhere else. */
  baseUrl: string;
  /** Security scheme name → name of the environment variable holding its secret (Basic: `user:password`). */
  credentialsEnv?: Record<string, string>;
  /** Where those variables are read (default process.env). */
  env?: Record<string, string | undefined>;
  /** Values of the parameters clients bind at creation (`x-client.bind`) or any other parameter, by name. */
  bind?: Record<string, string>;
  /** Workflow input name → name of the environment variable holding its value (the Arazzo workflows' `inputs`: a user's password, a tenant); kept out of the report like secrets. */
  inputsEnv?: Record<string, string>;
  allowWrites?: boolean;
  allowSend?: boolean;
  /** Only these operationIds. */
  only?: string[];
  /** Requests per second (default 10); Infinity for no limit. */
  rate?: number;
  /** Overall deadline in milliseconds (default 300 000): connecting, answers and checking; the report is then partial. */
  deadlineMs?: number;
  /** Per-request time limit in milliseconds, the whole body included (default 30 000): a slower answer is a failed check. */
  requestTimeoutMs?: number;
  /** The largest answer body read, in bytes (default 16 MiB); a larger one is a failed check, read no further. */
  maxBodyBytes?: number;
  /** Report checks that could not be made (no credentials, a permission, a missing resource) as notes: they no longer keep the run from passing. */
  allowUnverified?: boolean;
  /** Instead of the global fetch (e.g. an emulator's `handle`, in-process). */
  fetch?: FetchLike;
  /** The bundled document to verify against (default the packaged one). */
  document?: unknown;
  /** Known failures (a JSON file's path, or the object): a run fails only on failures not listed, until each entry's expiry date (runtime/verify/baseline.ts). */
  baseline?: string | Baseline;
  /** Write this run's failures to this path as a baseline whose entries expire in 30 days (to adopt verify on a server that fails today). */
  writeBaseline?: string;
  /** Today, as YYYY-MM-DD, for the baseline's expiry dates (default the current UTC date). */
  today?: string;
  /**
   * Requests the generated-input phase may send (runtime/verify/generated.ts): values at and past
   * the edges of every rule, shrunk to the smallest failing request. Without it the phase does not
   * run. Needs the optional peer fast-check.
   */
  budget?: number;
  /** The generated inputs' randomness (default a random seed, printed in the report): the same seed sends the same requests. */
  seed?: number;
}

export { VerifyUsageError };

export type { Called, RunContext } from "./run-context.js";

/** The run stopped early because the given credentials were rejected everywhere (exit code 2). */
class CredentialsRejected extends CloudInterfacesError {}

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

/** The workflow inputs given in the environment (`--input-env`), each an input some workflow of the document declares. */
function readInputs(doc: any, options: VerifyOptions): Record<string, string> {
  const env = options.env ?? process.env;
  const declared = new Set(workflowsOf(doc).flatMap((w) => Object.keys(w.inputs?.properties ?? {})));
  const out: Record<string, string> = {};
  for (const [input, variable] of Object.entries(options.inputsEnv ?? {})) {
    if (!declared.has(input)) throw new VerifyUsageError(`--input-env ${input}: not an input of the document's workflows (inputs: ${[...declared].sort().join(", ") || "none"})`);
    const value = env[variable];
    if (value === undefined || value === "") throw new VerifyUsageError(`--input-env ${input}=${variable}: the environment variable ${variable} is not set`);
    out[input] = value;
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

const METHOD_ORDER: Record<string, number> = { GET: 0, HEAD: 0, OPTIONS: 0 };

function checkLimit(name: string, value: number | undefined, fallback: number, bytes = false): number {
  const v = value ?? fallback;
  if (bytes ? !isByteLimit(v) : !(v > 0 && v < 2 ** 31)) throw new VerifyUsageError(`--${name}: must be a positive number${bytes ? " of bytes" : " below 2^31 ms"}, got ${v}`);
  return v;
}

export async function verifyServer(serviceId: ServiceId, options: VerifyOptions): Promise<VerifyReport> {
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
  // The build's workflows of the bundled document (generated/<id>/operations.ts); a document of the caller's own has them made from it.
  if (!options.document) useWorkflows(doc, loadBundledWorkflows(serviceId));
  const contract = new Contract(serviceId, doc, ajvValidators(serviceId, doc));
  const quick = new Contract(serviceId, doc, ajvValidators(serviceId, doc, { firstErrorOnly: true }));
  const ops = documentOperations(doc);
  const only = options.only;
  for (const id of only ?? []) if (!ops.some((o) => o.operationId === id)) throw new VerifyUsageError(`--only ${id}: no such operationId (known: ${ops.map((o) => o.operationId).join(", ")})`);
  const bind = options.bind ?? {};
  const known = new Set([...boundNames(doc), ...ops.flatMap((o) => o.parameters.map((p) => p.name))].map((n) => n.toLowerCase()));
  for (const name of Object.keys(bind)) if (!known.has(name.toLowerCase())) throw new VerifyUsageError(`--bind ${name}: not a parameter of the document`);
  const rate = options.rate ?? 10;
  if (!(rate > 0)) throw new VerifyUsageError(`--rate: must be a positive number of requests per second, got ${rate}`);
  const limits = {
    deadlineMs: checkLimit("deadline", options.deadlineMs, 300_000),
    requestTimeoutMs: checkLimit("request-timeout", options.requestTimeoutMs, 30_000),
    maxBodyBytes: checkLimit("max-body", options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, true),
  };
  if (options.budget !== undefined && !(Number.isInteger(options.budget) && options.budget > 0 && options.budget <= 1_000_000)) throw new VerifyUsageError(`--budget: must be a whole number of requests from 1 to 1000000, got ${options.budget}`);
  if (options.seed !== undefined && !(Number.isInteger(options.seed) && Math.abs(options.seed) < 2 ** 31)) throw new VerifyUsageError(`--seed: must be a whole number below 2^31 in size, got ${options.seed}`);
  const baseline = options.baseline !== undefined ? readBaseline(options.baseline) : undefined;
  const today = options.today ?? new Date(started).toISOString().slice(0, 10);
  const secrets = readSecrets(doc, options);
  const inputs = readInputs(doc, options);
  const masked = secretForms({ ...secrets, ...inputs });
  const schemes = securitySchemes(doc);
  const sender = new Sender(base.href, {
    rate,
    deadline: started + limits.deadlineMs,
    timeoutMs: limits.requestTimeoutMs,
    maxBodyBytes: limits.maxBodyBytes,
    fetch: options.fetch ?? ((request, init) => fetch(request, init)),
  });
  const baseUrl = base.href.replace(/\/$/, "");

  const reports = new Map<string, Omit<OperationReport, "counts">>(ops.map((o) => [o.key, { operation: o.key, operationId: o.operationId, checks: [] }]));
  const seen = new Set<string>();
  const permissions: Permissions = { allowWrites: options.allowWrites === true, allowSend: options.allowSend === true };
  const access = accessOf(secrets, options.credentialsEnv ?? {});
  const ctx: RunContext = {
    doc,
    contract,
    ops,
    sender,
    bind,
    permissions,
    access,
    selected: (op) => !only || only.includes(op.operationId),
    leftBehind: [],
    created: [],
    record: (op, check) => reports.get(op.key)!.checks.push(checkOf(check, { verdict: check.verdict, failures: check.failures, ...(check.reason ? { reason: check.reason } : {}) })),
    recordValid(op, base, r, label, expected) {
      const check = checkOf({ ...base, request: r.request, status: r.answer.status, ...(r.notes.length ? { notes: r.notes } : {}) }, judgeValid(op, r.answer, r.failures, access, label, expected));
      reports.get(op.key)!.checks.push(check);
      return check;
    },
    async call(op, req) {
      const carried = req.body === undefined ? undefined : carriedCredentials(doc, op, req.contentType ?? op.request?.mediaTypes[0], req.body);
      const sent = carried?.size ? Object.fromEntries(Object.entries(secrets).filter(([scheme]) => !carried.has(scheme))) : secrets;
      const wire = toWire(baseUrl, req, { styles: queryStyles(op), mediaTypes: op.request?.mediaTypes ?? [], security: op.security, schemes }, sent);
      const answer = await sender.send(wire);
      if (!answer.incomplete) seen.add(`${op.key} ${answer.status}`);
      const notes: string[] = [];
      const foreign = foreignRedirect(answer, sender.origin);
      if (foreign) notes.push(foreign);
      const failures = answer.incomplete ? [] : [...answerFailures(contract, op, answer, quick, requestValues(req.params.query, req.body)), ...challengeFailures(doc, op, answer)];
      // A missing required header is already the contract's failure: one finding, not two.
      const deduped = failures.filter((f, i) => !(f.message.startsWith("a 401 without WWW-Authenticate") && failures.slice(0, i).some((g) => /required header www-authenticate missing/i.test(g.message))));
      return { answer, failures: deduped, request: describeWire(wire, masked), notes };
    },
  };

  let incomplete: string | undefined;
  let generated: VerifyReport["generated"];
  try {
    for (const op of ops) {
      const why = !ctx.selected(op) ? "not in --only" : refusal(op, permissions);
      if (why) reports.get(op.key)!.skipped = why;
    }
    const runnable = (op: TableOperation) => !reports.get(op.key)!.skipped;
    // Deletes go after the flows, which may build on what a documented example names (a source a topic routes).
    const [deletes, rest] = [ops.filter((o) => runnable(o) && o.method === "DELETE"), ops.filter((o) => runnable(o) && o.method !== "DELETE")];
    await documentedChecks(ctx, rest, options.credentialsEnv ?? {});
    // Negatives before any delete, each otherwise valid now: fresh unique values, and the
    // objects its example refers to still there, so only the broken rule can refuse it.
    const byOp = new Map(ops.map((o) => [o.key, o]));
    const tag = freshTag();
    const { cases } = deriveNegativeCases(contract, bind, (key) => runnable(byOp.get(key)!), (op, base) => uniquified(base, tag, uniqueFields(op)));
    for (const c of cases) {
      const op = byOp.get(c.operation)!;
      // A negative of an operation that writes unless its request says otherwise (x-effect noneWhen) is sent only as a request that does not write.
      if (requestRefusal(op, permissions, requestValues(c.request.params.query, c.request.body))) continue;
      await negativeCheck(ctx, op, { ...c, request: retagged(c.request, tag, freshTag()) });
    }
    // Before the flows and deletes, like the negatives: what the examples refer to is still there.
    if (options.budget !== undefined) {
      const { generatedPhase } = await import("./generated.js");
      generated = await generatedPhase(ctx, runnable, { seed: options.seed ?? Math.floor(Math.random() * 2 ** 31), budget: options.budget });
    }
    if (permissions.allowWrites) {
      // The document's Arazzo workflows (the shipped dist/openapi/<id>.arazzo.yaml), with verify's read-backs around their steps.
      await runWorkflows(ctx, runnable, inputs);
    }
    await documentedChecks(ctx, deletes, options.credentialsEnv ?? {}, false);
    await cleanUp(ctx);
  } catch (error) {
    if (error instanceof DeadlineReached) incomplete = `deadline reached: the overall deadline of ${limits.deadlineMs} ms ran out; later checks were not run`;
    else if (error instanceof CredentialsRejected) incomplete = error.message;
    else throw error;
  }

  const unusedBaseline = baseline ? applyBaseline([...reports.values()], baseline, today) : [];
  const operations: OperationReport[] = [...reports.values()].map((o) => ({ ...o, counts: countChecks(o.checks) }));
  const counts = countChecks(operations.flatMap((o) => o.checks));
  const verdict = runVerdict(operations, incomplete !== undefined, options.allowUnverified === true);
  const allCases = ops.flatMap((o) => o.responses.map((r) => r.status).map((s) => `${o.key} ${s}`));
  const report: VerifyReport = {
    service: serviceId,
    baseUrl,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    verdict,
    passed: verdict === "pass",
    exitCode: EXIT_CODES[verdict],
    summary: { checks: counts.verified + counts.failed + counts.notVerified, ...counts, skipped: operations.filter((o) => o.skipped).length, requests: sender.sent },
    coverage: {
      operations: { exercised: operations.filter((o) => o.checks.some((c) => c.status !== undefined)).length, total: ops.length },
      responseCases: { exercised: allCases.filter((c) => seen.has(c)).length, total: allCases.length, missing: allCases.filter((c) => !seen.has(c)) },
    },
    leftBehind: ctx.leftBehind,
    ...(incomplete ? { incomplete } : {}),
    ...(generated ? { generated } : {}),
    ...(baseline ? { baseline: { entries: baseline.failures.length, known: counts.known, unused: unusedBaseline } } : {}),
    limits,
    operations,
  };
  const scrubbed = scrub(report, masked);
  if (options.writeBaseline) writeBaseline(options.writeBaseline, baselineOf(scrubbed, new Date(Date.parse(today) + 30 * 86_400_000).toISOString().slice(0, 10)));
  return scrubbed;
}

/**
 * The operations' documented requests, reads first, so one example does not change what another
 * reads. A create whose example collides with what the run made already is
 * sent again with its unique fields varied. When every documented request of a secured operation
 * was answered 401 although credentials were given, the run stops: the credentials are rejected.
 */
async function documentedChecks(ctx: RunContext, ops: TableOperation[], variables: Record<string, string>, stopOnRejected = true): Promise<void> {
  const rejected = new Set<string>();
  let secured = 0;
  let refused = 0;
  for (const op of [...ops].sort((a, b) => (METHOD_ORDER[a.method] ?? 1) - (METHOD_ORDER[b.method] ?? 1))) {
    const documented = documentedRequests(ctx.doc, op, ctx.bind);
    const { missing } = documented;
    // Under x-effect noneWhen, a read-only run sends only the requests that change nothing.
    const sendable = (list: DocumentedRequest[]) => list.filter(({ request }) => !requestRefusal(op, ctx.permissions, requestValues(request.params.query, request.body)));
    let requests = sendable(documented.requests);
    // The operation's own examples all write: another media type may document the request that does not.
    if (requests.length === 0 && documented.requests.length > 0) requests = sendable(documentedRequests(ctx.doc, op, ctx.bind, { everyMediaType: true }).requests);
    if (requests.length === 0 && documented.requests.length > 0) {
      ctx.record(op, { kind: "documented", name: "documented requests", verdict: "not verified", failures: [], reason: requestRefusal(op, ctx.permissions, requestValues(documented.requests[0]!.request.params.query, documented.requests[0]!.request.body))! });
      continue;
    }
    if (requests.length === 0) {
      ctx.record(op, { kind: "documented", name: "documented request", verdict: "not verified", failures: [], reason: `the document gives no example for ${missing.join(", ")}; give one with ${missing.map((m) => `--bind ${m.replace(/^\w+\./, "")}=…`).join(" ")}` });
      continue;
    }
    for (const { example, request } of requests) {
      const own = ownObjectFor(ctx, op);
      if (own) request.params.path[own.param] = own.id;
      const r = await callUnique(ctx, op, await withFreshCode(ctx, op, request));
      ctx.recordValid(op, { kind: "documented", name: own ? `example ${example} (on ${own.id}, created by this run)` : `example ${example}` }, r, `example ${example} of ${op.operationId}`);
      trackCreated(ctx, op, r.answer);
      // Only requests that carried credentials the user gave can show those credentials rejected.
      const carried = op.security.some((set) => set.length > 0 && set.every((name) => variables[name] !== undefined));
      if (carried && !ctx.access.missing(op) && !r.answer.incomplete) {
        secured++;
        if (r.answer.status === 401) {
          refused++;
          for (const set of op.security) for (const name of set) rejected.add(name);
        }
      }
    }
  }
  if (stopOnRejected && secured > 0 && refused === secured) {
    const given = [...rejected].filter((name) => variables[name]).map((name) => `${name} (from ${variables[name]})`);
    throw new CredentialsRejected(`credentials rejected: all ${secured} documented requests of secured operations were answered 401; check the secret of ${given.join(", ")}`);
  }
}

/**
 * For a documented delete (`x-resource` action delete), an object of its resource this run
 * created, taken off the clean-up list: the example's own object (of the server's data) is left
 * alone, so a second run finds what the first one did.
 */
function ownObjectFor(ctx: RunContext, op: TableOperation): { param: string; id: string } | undefined {
  const r = op.resource as { action?: string; name?: string; id?: string } | undefined;
  if (r?.action !== "delete" || !r.id || !ctx.permissions.allowWrites) return undefined;
  const i = ctx.created.findIndex((c) => c.id !== undefined && (c.op.resource as { name?: string } | undefined)?.name === r.name);
  if (i < 0) return undefined;
  const [taken] = ctx.created.splice(i, 1);
  return { param: r.id, id: taken!.id! };
}

/** A request breaking exactly one rule must get a documented error: a 4xx, or the documented error redirect. */
async function negativeCheck(ctx: RunContext, op: TableOperation, c: NegativeCase): Promise<void> {
  const { answer, failures, request, notes } = await ctx.call(op, c.request);
  const outcome = judgeNegative(op, answer, failures, ctx.access, { constraint: c.constraint, rule: c.rule, security: c.expect === "unauthorized", expect: expectedStatuses(op, c.expect) });
  ctx.record(op, checkOf({ kind: "negative", name: `breaks ${c.constraint}`, request, status: answer.status, ...(notes.length ? { notes } : {}) }, outcome));
}
