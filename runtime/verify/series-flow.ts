/**
 * The flow of a document whose operations the time-series plug-ins serve (`x-resource: { plugin:
 * storeDatapoints | retrieveSeries | deleteByPattern }`, openapi/CONVENTIONS.md): points sent
 * under names new to the server are retrieved with the same values, then deleted, then gone. A
 * server that stores nothing (a stateless mock answering its examples) fails here. Driven by the
 * annotations, so any document served by the same plug-ins gets it with no code.
 */
import { freshTag } from "./flows.js";
import type { TableOperation } from "../openapi/operation-table.js";
import { documentedRequests } from "./operations.js";
import type { Failure } from "./report.js";
import type { RunContext } from "./run-context.js";

const ok = (status: number) => status >= 200 && status < 300;
const byPlugin = (ctx: RunContext, name: string, runnable: (op: TableOperation) => boolean) => ctx.ops.find((o) => (o.resource as { plugin?: string } | undefined)?.plugin === name && runnable(o));

type Sample = { name: string; value: number; timestamp?: number };

/** The values each series of a retrieve answer holds, by target name. */
function seriesValues(body: string): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  try {
    const parsed = JSON.parse(body) as { target?: unknown; datapoints?: unknown }[];
    if (Array.isArray(parsed)) for (const s of parsed) if (typeof s?.target === "string" && Array.isArray(s.datapoints)) out.set(s.target, s.datapoints.map((d) => (Array.isArray(d) ? d[0] : undefined)));
  } catch {
    /* not a list of series: the answer's own check says so */
  }
  return out;
}

export async function seriesFlow(ctx: RunContext, runnable: (op: TableOperation) => boolean): Promise<void> {
  const [store, retrieve, remove] = [byPlugin(ctx, "storeDatapoints", runnable), byPlugin(ctx, "retrieveSeries", runnable), byPlugin(ctx, "deleteByPattern", runnable)];
  if (!store || !retrieve) return;
  const storeBase = documentedRequests(ctx.doc, store, ctx.bind).requests[0]?.request;
  const retrieveBase = documentedRequests(ctx.doc, retrieve, ctx.bind).requests[0]?.request;
  if (!storeBase || !retrieveBase || !Array.isArray(storeBase.body)) return;
  // Names no earlier run used; times within the documented retrieve window (its example's `from`, e.g. -6h).
  const tag = freshTag();
  const now = Math.floor(Date.now() / 1000);
  const samples = (storeBase.body as Sample[]).map((s, i) => ({ ...s, name: `verify${tag}.${s.name}`, value: 1000 + i + 0.5, timestamp: now - 600 }));
  const sent = await ctx.call(store, { ...structuredClone(storeBase), body: samples });
  const stored = ctx.recordValid(store, { kind: "flow", name: `send ${samples.length} points under new names` }, sent, `${store.operationId} of new points`);
  if (stored.verdict !== "verified") return;
  const targetParam = retrieve.parameters.find((p) => p.in === "query" && p.required)?.name ?? "target";
  const fetchSeries = async (name: string) => {
    const req = structuredClone(retrieveBase);
    req.params.query[targetParam] = samples.map((s) => s.name);
    const r = await ctx.call(retrieve, req);
    return { r, series: seriesValues(r.answer.body), name };
  };
  const { r, series } = await fetchSeries("after send");
  const missing: Failure[] = ok(r.answer.status)
    ? samples.filter((s) => !(series.get(s.name) ?? []).includes(s.value)).map((s) => ({ message: `${s.name}: the value ${s.value} sent by ${store.operationId} is not in what ${retrieve.operationId} answers (${JSON.stringify(series.get(s.name) ?? "no series")})`, pointer: `${store.pointer}/requestBody` }))
    : [];
  const read = ctx.recordValid(retrieve, { kind: "flow", name: "retrieve the points just sent" }, r, `${retrieve.operationId} of the points just sent`, missing);
  if (!remove || read.verdict !== "verified") return;
  const removeBase = documentedRequests(ctx.doc, remove, ctx.bind).requests[0]?.request;
  const patternParam = remove.parameters.find((p) => p.in === "query" && p.required)?.name;
  if (!removeBase || !patternParam) return;
  for (const s of samples) {
    const req = structuredClone(removeBase);
    req.params.query[patternParam] = s.name;
    const d = await ctx.call(remove, req);
    if (ctx.recordValid(remove, { kind: "flow", name: `delete ${s.name}` }, d, `${remove.operationId} of ${s.name}`).verdict !== "verified") return;
  }
  const after = await fetchSeries("after delete");
  const left: Failure[] = ok(after.r.answer.status)
    ? samples.filter((s) => (after.series.get(s.name) ?? []).includes(s.value)).map((s) => ({ message: `${s.name}: ${retrieve.operationId} still answers the value ${s.value} after ${remove.operationId}`, pointer: `${remove.pointer}/responses` }))
    : [];
  ctx.recordValid(retrieve, { kind: "flow", name: "the deleted points are gone" }, after.r, `${retrieve.operationId} after the delete`, left);
}
