import { empty, json, type Reply, type Context } from "../emulator/app.js";
import { TOKEN_PATTERN } from "./token.js";
import { CapReached } from "../emulator/caps.js";
import { engineDefinition, type Engine, type EngineState, type Partition, type Plugin } from "../emulator/engine.js";
import { EMPTY_WORLD, readWorld, type World } from "../emulator/world.js";
import { charge, parseTarget, parseTime, pathMatcher, QueryError, type Expr, type MatchBudget } from "./query.js";

/** One collator for every sort: String#localeCompare builds one per call, and a 1,000-item sort took tens of ms. */
const collator = new Intl.Collator();

/**
 * The metrics-v1 emulator's plug-in: what no `x-resource` annotation can state, the query
 * language (runtime/metrics/query.ts) over datapoints stored per space domain: retrieval with
 * wildcards, time ranges and functions, listing of the tree, deletion by pattern, and sending.
 * Each operation names its handler in the document (`x-resource: { plugin: <name> }`); space
 * domains are the resource engine's partitions (runtime/emulator/engine.ts), each starting with
 * the series the document's examples name.
 */

type Point = [number | null, number];
interface Series {
  target: string;
  datapoints: Point[];
}

/** A space domain: the engine's partition, holding metric path -> datapoints (sorted by time, one value per timestamp). */
type Domain = Partition & { paths: Map<string, Point[]> };

/** What the query plug-in's own code bounds (runtime/emulator/ASSUMPTIONS.md, "Caps"). */
const METRICS_CAPS = {
  /** Space domains; past it an unknown domain is a 400. */
  metricsDomains: 100,
  /** Metric paths per domain; past it a send naming a new path is a 400. */
  metricsPathsPerDomain: 2_000,
  /** Datapoints held in all, across domains; past it a send adding points is a 400. */
  metricsDatapoints: 50_000,
  /**
   * Steps one request may spend: pattern matching (NFA states × path characters) and one a
   * datapoint read, combined or scaled (each repetition of a function argument pays again).
   */
  metricsMatchSteps: 1_000_000,
  /** Characters of one pattern (`target`, `query`); a longer one is a 400. */
  metricsPatternLength: 512,
};

export interface MetricsState extends EngineState {
  caps: EngineState["caps"] & Record<keyof typeof METRICS_CAPS, number>;
  /** Space domain -> its partition; `paths` holds its series. */
  partitions: Map<string, Domain>;
  /** Datapoints held across domains (kept up to date by send and delete). */
  datapoints: number;
  /** What every space domain starts with: the series the examples' patterns name (runtime/emulator/world.ts). */
  worldSeries: Array<[string, Point[]]>;
}

export interface MetricsSeed {
  /** Domain (the X-Auth-Scope-Id, or the token's account: see ASSUMPTIONS.md) -> path -> points. */
  domains?: Record<string, Record<string, Point[]>>;
}


/**
 * The series of the document's success examples that a pattern of a request example names
 * (x-refers: metric): a delete example then finds what it deletes.
 */
function seriesOf(world: World): Array<[string, Point[]]> {
  const patterns = (world.values("metric") as string[]).map((p) => pathMatcher(p, { steps: METRICS_CAPS.metricsMatchSteps }));
  const found = new Map<string, Point[]>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    const series = value as Partial<Series> | null;
    if (typeof series?.target !== "string" || !Array.isArray(series.datapoints) || found.has(series.target)) return;
    const parts = series.target.split(".");
    if (!patterns.some((m) => parts.length >= m.depth && m.test(parts.slice(0, m.depth).join(".")))) return;
    found.set(series.target, series.datapoints.filter(([, t]) => typeof t === "number").sort((a, b) => a[1] - b[1]));
  };
  world.successExamples().forEach(visit);
  return [...found];
}

/** A new domain's paths: the world's series, counted in the datapoints held. */
function newDomain(state: MetricsState, domain: Partition): void {
  state.datapoints += state.worldSeries.reduce((n, [, points]) => n + points.length, 0);
  domain.paths = new Map(structuredClone(state.worldSeries));
}

/** A pattern longer than the cap is refused before it is compiled: matching costs pattern × path length per path. */
function pattern(ctx: Context<MetricsState>, text: string): string {
  if (text.length > ctx.state.caps.metricsPatternLength) throw new QueryError(`a pattern of ${text.length} characters is longer than the emulator's cap of ${ctx.state.caps.metricsPatternLength} (runtime/emulator/ASSUMPTIONS.md)`);
  return text;
}

/**
 * The space domain of a request: the space GUID header when sent (required with uaa), else the
 * key or token itself stands for the account bound to it.
 */
function domainOf(ctx: Context<MetricsState>): { domain: string } | { error: Reply } {
  // The token is a security credential, not a document parameter: read it from the request.
  const token = ctx.request.headers.get("X-Auth-User-Token") ?? "";
  // The userToken scheme's x-value-pattern: a value the service cannot read is the not-authorized case (§5B).
  if (!TOKEN_PATTERN.test(token)) return { error: ctx.answer(401, "The X-Auth-User-Token value names no authorized subject") };
  const scope = ctx.input.header["X-Auth-Scope-Id"] as string | undefined;
  if (token.startsWith("uaa ") && scope === undefined) return { error: ctx.answer(400, "Missing required header X-Auth-Scope-Id: a uaa token needs a space GUID") };
  return { domain: scope ?? token.slice(token.indexOf(" ") + 1) };
}

/** A domain's paths for writing: the domain is the engine's partition, made on first use (past the cap, a 400). */
function store(ctx: Context<MetricsState>, engine: Engine, domain: string): Map<string, Point[]> {
  return (engine.partition(ctx.state, domain, metricsPlugin, { partitionCap: "metricsDomains" }) as Domain).paths;
}

/** A domain's paths for reading: a domain appears on first use with the starting world (past the cap, a read sees the world without keeping it). */
function stored(ctx: Context<MetricsState>, engine: Engine, domain: string): Map<string, Point[]> {
  const known = ctx.state.partitions.get(domain);
  if (known) return known.paths;
  if (ctx.state.worldSeries.length === 0) return new Map();
  if (ctx.state.partitions.size >= ctx.state.caps.metricsDomains) return new Map(structuredClone(ctx.state.worldSeries));
  return store(ctx, engine, domain);
}

/** The index of the first point at or after time `t` (after it, with `after`); points are sorted by time. */
function firstAt(points: Point[], t: number, after = false): number {
  let lo = 0;
  let hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (points[mid]![1] < t || (after && points[mid]![1] === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Every series a function's arguments resolve to, combined per timestamp. Each point read and
 * each point combined is charged to the budget before it is touched, so `sumSeries(a,a,…)`
 * pays for every repetition of `a` (issue 38: 250 repetitions over 50,000 points held the
 * event loop 41 s).
 */
function combine(name: "sumSeries" | "averageSeries", all: Series[], source: string, budget: MatchBudget): Series[] {
  if (all.length === 0) return [];
  charge(budget, all.reduce((n, s) => n + s.datapoints.length, 0));
  const sums = new Map<number, { sum: number; n: number }>();
  for (const s of all) {
    for (const [v, t] of s.datapoints) {
      const at = sums.get(t) ?? sums.set(t, { sum: 0, n: 0 }).get(t)!;
      if (v !== null) {
        at.sum += v;
        at.n++;
      }
    }
  }
  const times = [...sums.keys()].sort((a, b) => a - b);
  const datapoints: Point[] = times.map((t) => {
    const { sum, n } = sums.get(t)!;
    return [n === 0 ? null : name === "sumSeries" ? sum : sum / n, t];
  });
  return [{ target: source, datapoints }];
}

function evaluate(expr: Expr, paths: Map<string, Point[]>, from: number, until: number, source: string, budget: MatchBudget): Series[] {
  if (expr.kind === "path") {
    const m = pathMatcher(expr.pattern, budget);
    return [...paths.keys()]
      .filter((p) => m.test(p))
      .sort()
      .map((p) => {
        const points = paths.get(p)!;
        // Found by bisection and charged before the copy: a path's points cost what is read of them.
        const lo = firstAt(points, from);
        const hi = firstAt(points, until, true);
        charge(budget, 1 + hi - lo);
        return { target: p, datapoints: points.slice(lo, hi) };
      });
  }
  if (expr.kind !== "call") throw new QueryError(`a ${expr.kind} is not a series`);
  const series = (arg: Expr | undefined) => {
    if (!arg) throw new QueryError(`${expr.name} needs a series argument`);
    return evaluate(arg, paths, from, until, source, budget);
  };
  switch (expr.name) {
    case "sumSeries":
    case "averageSeries":
      return combine(expr.name, expr.args.flatMap((a) => series(a)), source, budget);
    case "alias": {
      const name = expr.args[1];
      if (name?.kind !== "string") throw new QueryError("alias takes a series and a quoted name");
      return series(expr.args[0]).map((s) => ({ ...s, target: name.value }));
    }
    case "scale": {
      const factor = expr.args[1];
      if (factor?.kind !== "number") throw new QueryError("scale takes a series and a number");
      return series(expr.args[0]).map((s) => {
        charge(budget, s.datapoints.length);
        return { target: `scale(${s.target},${factor.value})`, datapoints: s.datapoints.map(([v, t]) => [v === null ? null : v * factor.value, t] as Point) };
      });
    }
    default:
      throw new QueryError(`function ${expr.name} is not supported by the emulator`);
  }
}

/** A query the emulator cannot evaluate is the document's 400, whichever handler parsed it. */
function answeringQueryErrors(ctx: Context<MetricsState>, body: () => Reply): Reply {
  try {
    return body();
  } catch (error) {
    if (error instanceof QueryError) return ctx.answer(400, error.message);
    throw error;
  }
}

function retrieveSeries(ctx: Context<MetricsState>, engine: Engine): Reply {
  const scoped = domainOf(ctx);
  if ("error" in scoped) return scoped.error;
  const now = Math.floor(ctx.now() / 1000);
  return answeringQueryErrors(ctx, () => {
    const from = parseTime((ctx.input.query.from as string | undefined) ?? "-24h", now);
    const until = parseTime((ctx.input.query.until as string | undefined) ?? "now", now);
    const paths = stored(ctx, engine, scoped.domain);
    const budget = { steps: ctx.state.caps.metricsMatchSteps };
    const result = (ctx.input.query.target as string[]).flatMap((t) => evaluate(parseTarget(pattern(ctx, t)), paths, from, until, t, budget));
    return json(200, result);
  });
}

function storeDatapoints(ctx: Context<MetricsState>, engine: Engine): Reply {
  const scoped = domainOf(ctx);
  if ("error" in scoped) return scoped.error;
  const paths = store(ctx, engine, scoped.domain);
  const ingestion = Math.floor(ctx.now() / 1000);
  const samples = ctx.input.body as Array<{ name: string }>;
  // Checked before anything is stored: a refused send changes nothing.
  const newPaths = new Set(samples.map((s) => s.name).filter((name) => !paths.has(name))).size;
  if (paths.size + newPaths > ctx.state.caps.metricsPathsPerDomain) throw new CapReached("metric paths per space domain", ctx.state.caps.metricsPathsPerDomain);
  if (ctx.state.datapoints + samples.length > ctx.state.caps.metricsDatapoints) throw new CapReached("datapoints", ctx.state.caps.metricsDatapoints);
  for (const sample of ctx.input.body as Array<{ name: string; value: number; timestamp?: number }>) {
    let points = paths.get(sample.name);
    if (!points) paths.set(sample.name, (points = []));
    const t = sample.timestamp ?? ingestion;
    // Sorted by time, found by bisection: one send costs log n, not a sort of the whole series.
    const lo = firstAt(points, t);
    // One value per path and second: a later send for the same second replaces it.
    if (points[lo]?.[1] === t) points[lo] = [sample.value, t];
    else {
      points.splice(lo, 0, [sample.value, t]);
      ctx.state.datapoints++;
    }
  }
  return empty(200);
}

function listTree(ctx: Context<MetricsState>, engine: Engine): Reply {
  const scoped = domainOf(ctx);
  if ("error" in scoped) return scoped.error;
  return answeringQueryErrors(ctx, () => {
    const m = pathMatcher(pattern(ctx, (ctx.input.query.query as string | undefined) ?? "*"), { steps: ctx.state.caps.metricsMatchSteps });
    const found = new Map<string, { path: string; name: string; is_leaf: 0 | 1 }>();
    for (const path of stored(ctx, engine, scoped.domain).keys()) {
      const parts = path.split(".");
      if (parts.length < m.depth) continue;
      const node = parts.slice(0, m.depth).join(".");
      if (!m.test(node)) continue;
      const leaf = parts.length === m.depth ? 1 : 0;
      const key = `${node}|${leaf}`;
      if (!found.has(key)) found.set(key, { path: node, name: parts[m.depth - 1]!, is_leaf: leaf });
    }
    return json(200, { metrics: [...found.values()].sort((a, b) => collator.compare(a.path, b.path) || a.is_leaf - b.is_leaf) });
  });
}

function deleteByPattern(ctx: Context<MetricsState>, engine: Engine): Reply {
  const scoped = domainOf(ctx);
  if ("error" in scoped) return scoped.error;
  const query = ctx.input.query.query as string;
  return answeringQueryErrors(ctx, () => {
    const m = pathMatcher(pattern(ctx, query), { steps: ctx.state.caps.metricsMatchSteps });
    const paths = stored(ctx, engine, scoped.domain);
    // A pattern resolving to a node deletes everything under it.
    const doomed = [...paths.keys()].filter((p) => {
      const parts = p.split(".");
      return parts.length >= m.depth && m.test(parts.slice(0, m.depth).join("."));
    });
    if (doomed.length === 0) return ctx.answer(404, `No metrics match ${query}`);
    for (const p of doomed) {
      ctx.state.datapoints -= paths.get(p)!.length;
      paths.delete(p);
    }
    return json(200, { id: ctx.uuid() });
  });
}


export const metricsPlugin: Plugin<MetricsState> = {
  partitionName: "space domains",
  caps: METRICS_CAPS,
  extend(base, options, engine) {
    const worldSeries = seriesOf(options.seedFromExamples === false ? EMPTY_WORLD : readWorld(engine.doc));
    const state: MetricsState = { ...base, caps: base.caps as MetricsState["caps"], partitions: new Map(), datapoints: 0, worldSeries };
    for (const [domain, paths] of Object.entries(((options.seed ?? {}) as MetricsSeed).domains ?? {})) {
      const series = new Map(Object.entries(paths).map(([p, pts]) => [p, [...pts].sort((a, b) => a[1] - b[1])] as [string, Point[]]));
      state.partitions.set(domain, { records: new Map(), paths: series });
      for (const points of series.values()) state.datapoints += points.length;
    }
    return state;
  },
  partition: (domain, state) => newDomain(state, domain),
  operations: { retrieveSeries, storeDatapoints, listTree, deleteByPattern },
};

/** The metrics-v1 emulator: the resource engine over the document, with the query plug-in. */
export const defineEmulator = (serviceId: string, document: unknown) => engineDefinition(serviceId, document, metricsPlugin);
