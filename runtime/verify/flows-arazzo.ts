/**
 * `verify --allow-writes` runs the document's Arazzo workflows (runtime/openapi/workflows.ts,
 * the same ones the package ships as dist/openapi/<id>.arazzo.yaml and the e2e suite runs with
 * Redocly Respect): each step's operation, parameters, request body, success criteria and
 * outputs, with the runtime expressions those use (`$inputs.x`, `$steps.s.outputs.o`,
 * `$statusCode`, `$response.body#/pointer`, `$response.header.h`, `{$…}` inside a string).
 *
 * A small interpreter of that subset, not Redocly's runner (@redocly/respect-core): every request
 * goes through verify's own sender (its rate, deadline, byte cap, secret masking) and is checked
 * against the document like any other, and verify's checks go around the steps by what each
 * step's operation does (`x-resource`): after a write, the object is read back and compared with
 * what was sent; a 404 for the run's own object fails; the list is walked, its filters, limits,
 * offsets and totals judged. Respect-core sends its own requests, reads its files from disk and
 * brings 52 packages (faker among them) into verify's chunk.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { workflowsOf, type ArazzoStep, type ArazzoWorkflow } from "../openapi/workflows.js";
import { freshTag, idOf, listChecks, walkList } from "./flows.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { valueAt } from "./pointer.js";
import type { RawRequest } from "./raw-request.js";
import type { Failure } from "./report.js";
import type { Called, RunContext } from "./run-context.js";
import { answeredRecord, differenceFailures, ownFields, sentRecord, storedDifferences } from "./readback.js";

const ok = (status: number) => status >= 200 && status < 300;

/** An expression the interpreter cannot evaluate: the workflow is not run (a build bug or a hand-written typo). */
export class WorkflowError extends CloudInterfacesError {}

/** What expressions of one workflow see: its inputs, the outputs of the steps run so far, the current answer. */
export interface ExpressionScope {
  inputs: Record<string, unknown>;
  steps: Record<string, Record<string, unknown>>;
  response?: { status: number; headers: Record<string, string>; body: unknown };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The sources of Arazzo runtime expressions: a string starting with one of them is an expression. */
const EXPRESSION = /^\$(url|method|statusCode|request\.|response\.|inputs\.|outputs\.|steps\.|workflows\.|sourceDescriptions\.|components\.)/;

/** One runtime expression (`$inputs.x`, `$steps.s.outputs.o`, `$statusCode`, `$response.body#/p`, `$response.header.h`). */
export function evaluate(expression: string, scope: ExpressionScope): unknown {
  if (expression === "$statusCode") return scope.response?.status;
  let m = /^\$inputs\.([A-Za-z0-9_.-]+)$/.exec(expression);
  if (m) return scope.inputs[m[1]!];
  m = /^\$steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_.-]+)$/.exec(expression);
  if (m) return scope.steps[m[1]!]?.[m[2]!];
  m = /^\$response\.body(#.*)?$/.exec(expression);
  if (m) return m[1] ? valueAt(scope.response?.body, m[1].slice(1)) : scope.response?.body;
  m = /^\$response\.header\.(.+)$/.exec(expression);
  if (m) return scope.response?.headers[m[1]!.toLowerCase()];
  throw new WorkflowError(`the runtime expression ${expression} is not one verify evaluates`);
}

/** A value of a step: an expression, a string with `{$…}` inside, or a literal (objects and lists walked). */
export function valueOf(value: unknown, scope: ExpressionScope): unknown {
  if (typeof value === "string") {
    // A string that is no runtime expression (a JSONPath a request carries, `$.a.b`) is data, as Respect reads it.
    if (EXPRESSION.test(value)) return evaluate(value, scope);
    return value.includes("{$") ? value.replace(/\{(\$[^}]+)\}/g, (whole, e: string) => (EXPRESSION.test(e) ? String(evaluate(e, scope) ?? "") : whole)) : value;
  }
  if (Array.isArray(value)) return value.map((v) => valueOf(v, scope));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, valueOf(v, scope)]));
  return value;
}

function operand(text: string, scope: ExpressionScope): unknown {
  const t = text.trim();
  if (t.startsWith("$")) return evaluate(t, scope);
  if (/^'.*'$/.test(t)) return t.slice(1, -1);
  if (t === "true" || t === "false") return t === "true";
  if (t === "null") return null;
  if (t !== "" && !Number.isNaN(Number(t))) return Number(t);
  return t;
}

/** A simple condition (`<left> <op> <right>`): true when it holds, else the values it compared. */
export function holds(condition: string, scope: ExpressionScope): { holds: boolean; left: unknown; right: unknown } {
  const m = /^(.+?)\s*(==|!=|<=|>=|<|>)\s*(.+)$/.exec(condition.trim());
  if (!m) {
    const value = operand(condition, scope);
    return { holds: Boolean(value), left: value, right: true };
  }
  const [left, right] = [operand(m[1]!, scope), operand(m[3]!, scope)];
  // A pointer into the answer that reaches no value fails the criterion, whatever it is compared with (as in Respect).
  const reachesNothing = (text: string, value: unknown) => value === undefined && /^\$response\.body#/.test(text.trim());
  if (reachesNothing(m[1]!, left) || reachesNothing(m[3]!, right)) return { holds: false, left, right };
  // As Respect evaluates them (JavaScript's loose equality): missing and null are equal, an id 42 and "42" too.
  const eq = left === right || (left == null && right == null) || (left != null && right != null && typeof left !== "object" && typeof right !== "object" && String(left) === String(right));
  const n = (v: unknown) => Number(v);
  const result = { "==": eq, "!=": !eq, "<": n(left) < n(right), ">": n(left) > n(right), "<=": n(left) <= n(right), ">=": n(left) >= n(right) }[m[2] as "=="]!;
  return { holds: result, left, right };
}

/** The status a step's criteria ask for (`$statusCode == N`), if one. */
export function expectedStatus(step: ArazzoStep): number | undefined {
  for (const c of step.successCriteria ?? []) {
    const m = /^\$statusCode\s*==\s*(\d{3})$/.exec(c.condition.trim());
    if (m) return Number(m[1]);
  }
  return undefined;
}

function setAt(target: any, pointer: string, value: unknown): void {
  const parts = pointer.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node = target;
  for (const p of parts.slice(0, -1)) node = node?.[p];
  if (node && typeof node === "object" && parts.length) node[parts[parts.length - 1]!] = value;
}

/**
 * The step as a request verify can send: its parameters (a value the user bound wins, as on
 * every other request), its body with the replacements applied, and credentials from a step
 * output (`x-security` naming `$steps…`) as the header the scheme uses; other credentials are
 * the user's own, which the sender adds.
 */
export function stepRequest(ctx: RunContext, op: TableOperation, step: ArazzoStep, scope: ExpressionScope): RawRequest {
  const req: RawRequest = { method: op.method, path: op.path, params: { path: {}, query: {}, header: {} }, withCredentials: true };
  const bound = (name: string) => Object.entries(ctx.bind).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  for (const p of step.parameters ?? []) {
    if (p.in === "cookie") continue;
    req.params[p.in][p.name] = typeof p.value === "string" && p.value.startsWith("$inputs.") && bound(p.name) !== undefined ? bound(p.name) : valueOf(p.value, scope);
  }
  if (step.requestBody) {
    const body = valueOf(structuredClone(step.requestBody.payload), scope);
    for (const r of step.requestBody.replacements ?? []) setAt(body, r.target, valueOf(r.value, scope));
    req.body = body;
    req.contentType = step.requestBody.contentType ?? op.request?.mediaTypes[0];
  }
  for (const s of step["x-security"] ?? []) {
    const fromStep = Object.values(s.values).find((v) => typeof v === "string" && v.startsWith("$steps."));
    const scheme = ctx.doc.components?.securitySchemes?.[s.schemeName];
    if (!fromStep || !scheme) continue;
    const value = String(evaluate(fromStep, scope) ?? "");
    if (scheme.type === "apiKey" && scheme.in === "header") req.params.header[scheme.name] = value;
    else if (scheme.type === "http") req.params.header.Authorization = `${scheme.scheme.toLowerCase() === "bearer" ? "Bearer" : scheme.scheme} ${value}`;
  }
  return req;
}

/**
 * The workflow's inputs: each default, and for a value the server keeps unique (`x-unique-inputs`) the
 * same value with a tag of this run, the same length, so a second run against the same server is
 * not refused for a name the first one took.
 */
export function workflowInputs(workflow: ArazzoWorkflow, tag = freshTag()): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(workflow.inputs?.properties ?? {})) {
    const value = schema.default;
    out[name] = workflow["x-unique-inputs"]?.includes(name) && typeof value === "string" ? `${value.slice(0, Math.max(1, value.length - tag.length - 1))}-${tag}` : value;
  }
  return out;
}

const actionOf = (op: TableOperation) => (op.resource as { action?: string } | undefined)?.action;

/** The criteria of a step, other than its status, that do not hold for the answer. */
function criteriaFailures(op: TableOperation, step: ArazzoStep, scope: ExpressionScope, workflowId: string): Failure[] {
  const out: Failure[] = [];
  for (const c of step.successCriteria ?? []) {
    if (/^\$statusCode\s*==/.test(c.condition.trim())) continue;
    const r = holds(c.condition, scope);
    if (!r.holds) out.push({ message: `${workflowId}/${step.stepId}: ${c.condition} does not hold (${JSON.stringify(r.left) ?? "nothing"} against ${JSON.stringify(r.right) ?? "nothing"})`, pointer: `${op.pointer}/responses` });
  }
  return out;
}

/** Runs every workflow of the document whose operations this run may send; `given` inputs (`--input-env`) win over the defaults. */
export async function runWorkflows(ctx: RunContext, runnable: (op: TableOperation) => boolean, given: Record<string, string> = {}): Promise<void> {
  const byId = new Map(ctx.ops.map((o) => [o.operationId, o]));
  for (const workflow of workflowsOf(ctx.doc)) {
    const ops = workflow.steps.map((s) => byId.get(s.operationId));
    if (ops.some((op) => !op)) throw new WorkflowError(`workflow ${workflow.workflowId} names an operation the document does not have`);
    if (!ops.every((op) => runnable(op!))) continue;
    await runWorkflow(ctx, workflow, runnable, given);
  }
}

async function runWorkflow(ctx: RunContext, workflow: ArazzoWorkflow, runnable: (op: TableOperation) => boolean, given: Record<string, string>): Promise<void> {
  const byId = new Map(ctx.ops.map((o) => [o.operationId, o]));
  const declared = Object.keys(workflow.inputs?.properties ?? {});
  const scope: ExpressionScope = { inputs: { ...workflowInputs(workflow), ...Object.fromEntries(Object.entries(given).filter(([k]) => declared.includes(k))) }, steps: {} };
  /** The object this workflow created (its create step's `id` output), and what the last write sent of it. */
  let created: { id: string; op: TableOperation; listChecked: boolean } | undefined;
  let lastWrite: { op: TableOperation; sent: unknown; label: string; failed: boolean } | undefined;
  let deleted = false;
  const name = (step: ArazzoStep) => `${workflow.workflowId}/${step.stepId}`;
  for (const step of workflow.steps) {
    const op = byId.get(step.operationId)!;
    const action = actionOf(op);
    const status = expectedStatus(step);
    // What a failed write left is not read back (its own check says what failed), nor is a delete that failed followed.
    if ((action === "get" || action === "list") && lastWrite?.failed) continue;
    const req = stepRequest(ctx, op, step, scope);
    const own = created && action !== "create" && action !== "list" && Object.values(req.params.path).some((v) => String(v) === created!.id);

    // A read of a list: walked page by page as a client does, the created object looked for in it.
    if (action === "list" && created && op.pagination) {
      const listed = await walkList(ctx, op, req);
      if (listed.failed) continue;
      const record = listed.items.find((i) => i && typeof i === "object" && idOf(i) === created!.id);
      const label = deleted ? "its delete" : lastWrite?.label ?? "its create";
      const expected: Failure[] = [];
      if (deleted && record !== undefined) expected.push({ message: `${created.id} is still listed by ${op.operationId} after ${lastWrite?.op.operationId ?? "the delete"}`, pointer: `${op.pointer}/x-pagination/items` });
      if (!deleted && record === undefined) expected.push({ message: `${created.id}, which this run created, is missing from ${op.operationId} after ${label}`, pointer: `${op.pointer}/x-pagination/items` });
      if (!deleted && record !== undefined && lastWrite) expected.push(...differenceFailures(storedDifferences(lastWrite.sent, record, ownFields(lastWrite.op, op), false), `after ${label}, ${lastWrite.op.operationId} sent one value and ${op.operationId} lists another`, `${lastWrite.op.pointer}/requestBody`));
      ctx.record(op, { kind: "flow", name: `${name(step)}: read back ${created.id} after ${label}`, verdict: expected.length ? "failed" : "verified", failures: expected });
      if (!created.listChecked && !deleted) {
        created.listChecked = true;
        await listChecks(ctx, op, req, listed, created.id, record ?? lastWrite?.sent, byId.get(workflow.steps[0]!.operationId)!, runnable);
      }
      continue;
    }

    const r = await ctx.call(op, req);
    scope.response = { status: r.answer.status, headers: r.answer.headers, body: parseBody(r.answer.body) };
    const criteria = !r.answer.incomplete && (status === undefined || r.answer.status === status) ? criteriaFailures(op, step, scope, workflow.workflowId) : [];
    const outputs: Record<string, unknown> = {};
    if (!r.answer.incomplete && (status === undefined || r.answer.status === status)) for (const [k, e] of Object.entries(step.outputs ?? {})) outputs[k] = evaluate(e, scope);
    scope.steps[step.stepId] = outputs;

    // A step expecting an error (the deleted object is gone): that status is the check, the rest of the answer is still held to the document.
    if (status !== undefined && !ok(status)) {
      const wrong: Failure[] = r.answer.status === status ? [] : [{ message: `${name(step)}: ${op.operationId} answered ${r.answer.status}, not ${status}${own && deleted ? ` after ${created!.id} was deleted` : ""}`, pointer: `${op.pointer}/responses` }];
      const failures = r.answer.incomplete ? [{ message: r.answer.incomplete, pointer: `${op.pointer}/responses` }] : [...wrong, ...criteria, ...r.failures];
      ctx.record(op, { kind: "flow", name: name(step), verdict: failures.length ? "failed" : "verified", failures, request: r.request, status: r.answer.status });
      continue;
    }

    const expected: Failure[] = [...criteria];
    if (ok(r.answer.status) && status !== undefined && r.answer.status !== status) expected.push({ message: `${name(step)}: ${op.operationId} answered ${r.answer.status}, not ${status}`, pointer: `${op.pointer}/responses` });
    if (own && r.answer.status === 404) expected.push({ message: `${op.operationId} answered 404 for ${created!.id}, which this run created${lastWrite ? ` (after ${lastWrite.label})` : ""}`, pointer: `${op.pointer}/responses` });
    if (action === "create" && ok(r.answer.status) && outputs.id === undefined && idOf(scope.response.body) === undefined) expected.push({ message: "the created resource has no identifier", pointer: `${op.pointer}/responses` });
    if (action === "get" && own && ok(r.answer.status) && lastWrite) {
      const record = answeredRecord(op, scope.response.body);
      expected.push(...differenceFailures(storedDifferences(lastWrite.sent, record, ownFields(lastWrite.op, op)), `after ${lastWrite.label}, ${lastWrite.op.operationId} sent one value and ${op.operationId} shows another`, `${lastWrite.op.pointer}/requestBody`));
    }
    const check = ctx.recordValid(op, { kind: "flow", name: name(step) }, r, `${name(step)} (${op.operationId})`, expected);
    const verified = check.verdict === "verified";
    if (action === "create") {
      if (!verified) return;
      const id = outputs.id !== undefined ? String(outputs.id) : idOf(scope.response.body);
      created = { id: id!, op, listChecked: false };
      lastWrite = { op, sent: sentRecord(op, req.body), label: "its create", failed: false };
      if (!workflow.steps.some((s) => actionOf(byId.get(s.operationId)!) === "delete")) ctx.leftBehind.push({ operation: op.operationId, id: id! });
    } else if (action === "update" || action === "replace") lastWrite = { op, sent: sentRecord(op, req.body), label: `its ${action}`, failed: !verified };
    else if (action === "delete") {
      deleted = verified;
      lastWrite = { op, sent: undefined, label: "its delete", failed: !verified };
    } else if (!verified) return; // A step of a plug-in's flow that failed: what follows builds on it.
  }
}

export type { Called };
