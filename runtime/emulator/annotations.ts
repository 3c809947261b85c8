/**
 * The annotations the emulators follow (openapi/CONVENTIONS.md): their vocabulary as a JSON
 * Schema, which the build checks every document against (scripts/lib/check-annotations.ts), and
 * what a schema cannot see: that a hook, a handler, a cap, a parameter or a named example an
 * annotation names exists. The engine asks the second when it is defined, so no request ever
 * meets an annotation it cannot follow; the build asks both, so a broken one is a finding that
 * names its file and JSON pointer.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { operationTable, type TableOperation } from "../openapi/operation-table.js";

const name = { type: "string", minLength: 1 } as const;
const names = { type: "array", items: name } as const;
/** A JSON pointer into a body (`/resources/0`, `/sources/*\/id`) or a top-level field name. */
const pointer = { type: "string", pattern: "^(/[^/]*)*$|^[^/]+$" } as const;
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({ type: "object", properties, required, additionalProperties: false });

/** The value of one `set` / `fill` entry: a keyword, one of the computed forms, or a constant. */
const setValue = {
  if: { type: "object", minProperties: 1, maxProperties: 1, anyOf: ["template", "random", "has", "param"].map((k) => ({ required: [k] })) },
  then: {
    anyOf: [closed({ template: { type: "string" } }, ["template"]), closed({ random: { type: "integer", minimum: 1, maximum: 1024 } }, ["random"]), closed({ has: name }, ["has"]), closed({ param: name }, ["param"])],
  },
} as const;

const derive = {
  anyOf: [
    closed({ count: name }, ["count"]),
    closed({ referrers: name, field: name }, ["referrers", "field"]),
    closed({ size: pointer }, ["size"]),
    closed({ const: {} }, ["const"]),
    closed({ from: name, by: pointer, field: name }, ["from", "by", "field"]),
  ],
} as const;

/** Every key `x-resource` has, and the form of each; an unknown key is an error, not ignored. */
const resourceAction = closed(
  {
    name,
    action: { enum: ["create", "list", "get", "update", "replace", "delete", "count"] },
    partition: names,
    id: name,
    set: { type: "object", additionalProperties: setValue },
    fill: { type: "object", additionalProperties: setValue },
    unique: names,
    search: closed({ param: name, field: name }, ["param", "field"]),
    sort: name,
    sortParam: name,
    page: closed({ offset: pointer, limit: pointer, first: pointer }),
    derive: { type: "object", additionalProperties: derive },
    cap: name,
    partitionCap: name,
    body: pointer,
    at: pointer,
    envelope: { type: "object", propertyNames: pointer },
    match: { type: "object", additionalProperties: name },
    omit: { type: "object", additionalProperties: { anyOf: [{ const: true }, { type: "object", minProperties: 1 }] } },
    errors: closed({ unique: name, refers: name, partition: name }),
    where: names,
    check: names,
  },
  ["name", "action"],
);

/** `{ <request field>: <value> | [<value>, ...] }`: the form x-required-when and x-effect's `noneWhen` share. */
const whenValues = { type: "object", minProperties: 1, additionalProperties: { anyOf: [{ type: ["string", "number", "boolean"] }, { type: "array", minItems: 1, items: { type: ["string", "number", "boolean"] } }] } };

/** A runtime expression or a literal a workflow step carries. */
const stepValue = {} as const;

/**
 * Arazzo 1.0 workflows a document states itself (the flows of operations a family plug-in
 * serves), in the subset verify runs (runtime/verify/flows-arazzo.ts): each step names an
 * operationId, its parameters, body, success criteria and outputs. The build ships them with
 * the generated resource workflows in dist/openapi/<id>.arazzo.yaml.
 */
const workflows = {
  type: "array",
  minItems: 1,
  items: closed(
    {
      workflowId: { type: "string", pattern: "^[A-Za-z0-9_-]+$" },
      summary: { type: "string" },
      description: { type: "string" },
      inputs: closed({ type: { const: "object" }, properties: { type: "object", additionalProperties: { type: "object" } } }, ["type", "properties"]),
      "x-unique-inputs": names,
      steps: {
        type: "array",
        minItems: 1,
        items: closed(
          {
            stepId: { type: "string", pattern: "^[A-Za-z0-9_-]+$" },
            description: { type: "string" },
            operationId: name,
            parameters: { type: "array", items: closed({ name, in: { enum: ["path", "query", "header", "cookie"] }, value: stepValue }, ["name", "in", "value"]) },
            "x-security": { type: "array", items: closed({ schemeName: name, values: { type: "object", additionalProperties: { type: "string" } } }, ["schemeName", "values"]) },
            requestBody: closed({ contentType: name, payload: stepValue, replacements: { type: "array", items: closed({ target: pointer, value: stepValue }, ["target", "value"]) } }),
            successCriteria: { type: "array", minItems: 1, items: closed({ condition: { type: "string", minLength: 1 } }, ["condition"]) },
            outputs: { type: "object", additionalProperties: { type: "string", pattern: "^\\$" } },
          },
          ["stepId", "operationId", "successCriteria"],
        ),
      },
    },
    ["workflowId", "steps"],
  ),
} as const;

/** JSON Schema (2020-12) of each annotation's value, by annotation name. */
export const ANNOTATION_SCHEMAS: Readonly<Record<string, object>> = {
  "x-resource": { if: { type: "object", required: ["plugin"] }, then: closed({ plugin: name }, ["plugin"]), else: resourceAction },
  "x-pagination": closed({ offsetParam: name, limitParam: name, items: pointer, total: pointer, next: pointer, pageCount: pointer, last: pointer }, ["offsetParam", "limitParam", "items"]),
  // A word for the whole operation, or `{ noneWhen: { <request field>: <value> | [<value>, ...] } }`:
  // no server state changes only for requests whose field has one of the values (identity's token
  // endpoint: the client_credentials grant); any other request is a write. A reader that does not
  // know the object form must treat the operation as unmarked (a write): the safe reading.
  "x-effect": { anyOf: [{ enum: ["none", "sends"] }, closed({ noneWhen: whenValues }, ["noneWhen"])] },
  "x-refers": name,
  "x-untyped-body": { type: "string", pattern: "^[a-z]+/[a-z0-9.+-]+$" },
  "x-prefer": { type: "string", pattern: "^return=(minimal|representation)$" },
  "x-credential": name,
  "x-required-when": whenValues,
  "x-caps": { type: "object", additionalProperties: closed({ max: { type: "integer", minimum: 0 }, description: { type: "string", minLength: 1 } }, ["max", "description"]) },
  "x-workflows": workflows,
};

/** Annotations that belong on an Operation Object and nowhere else. */
export const OPERATION_ANNOTATIONS: readonly string[] = ["x-resource", "x-pagination", "x-effect"];

/** One thing an annotation names that is not there. */
export interface AnnotationProblem {
  /** JSON pointer into the bundled document (`#/paths/…/post/x-resource/cap`). */
  pointer: string;
  message: string;
}

/** What the family's plug-in registers (runtime/<family>/emulator.ts), as the engine reads it. */
export interface Registered {
  operations?: Readonly<Record<string, unknown>>;
  where?: Readonly<Record<string, unknown>>;
  check?: Readonly<Record<string, unknown>>;
}

type Json = any;

/** Named examples of one response status, across its media types. */
const exampleNames = (operation: TableOperation, status: string): string[] => Object.values(operation.responses.find((r) => r.status === status)?.examples ?? {}).flat();

/**
 * What a schema cannot check: every hook, handler, cap, parameter and named example the
 * document's annotations name exists; every collection a create grows has a cap; every
 * operation is served (an action or a handler).
 */
export function annotationProblems(doc: Json, plugin: Registered, caps: Readonly<Record<string, number>>): AnnotationProblem[] {
  const problems: AnnotationProblem[] = [];
  const problem = (pointer: string, message: string) => problems.push({ pointer, message });
  const capNames = Object.keys(caps).sort().join(", ");
  const entries = operationTable(doc).operations;
  // A document with no x-resource at all is not on the engine (a scratch document): nothing to follow.
  const onEngine = entries.some((e) => e.resource !== undefined);
  for (const entry of entries) {
    const op = entry;
    const at = `${entry.pointer}/x-resource`;
    const spec = entry.resource as Json;
    const params = new Set(entry.parameters.map(({ name }) => String(name).toLowerCase()));
    const isParam = (n: unknown) => typeof n === "string" && params.has(n.toLowerCase());
    const paging = entry.pagination as Json;
    if (paging && typeof paging === "object") {
      for (const key of ["offsetParam", "limitParam"]) if (paging[key] !== undefined && !isParam(paging[key])) problem(`${entry.pointer}/x-pagination/${key}`, `names the parameter "${paging[key]}", which ${op.operationId} does not have`);
    }
    if (!spec || typeof spec !== "object") {
      if (onEngine && !plugin.operations?.[op.operationId]) problem(entry.pointer, `${op.operationId} has no x-resource and the family's plug-in has no handler of that name: no emulator could answer it`);
      continue;
    }
    if ("plugin" in spec) {
      if (!plugin.operations?.[spec.plugin]) problem(`${at}/plugin`, `${op.operationId} names the handler "${spec.plugin}", which the family's plug-in does not register (${Object.keys(plugin.operations ?? {}).sort().join(", ") || "none"})`);
      continue;
    }
    for (const key of ["cap", "partitionCap"] as const) {
      if (spec[key] !== undefined && !Object.hasOwn(caps, spec[key])) problem(`${at}/${key}`, `names the cap "${spec[key]}", which neither the engine, the document's x-caps nor the plug-in declares (${capNames})`);
    }
    if (spec.action === "create" && spec.cap === undefined) problem(at, `a create with no cap: the records it adds would be unbounded (name one of ${capNames}, or declare one in x-caps)`);
    for (const kind of ["where", "check"] as const) {
      (spec[kind] ?? []).forEach((hook: string, i: number) => {
        if (!plugin[kind]?.[hook]) problem(`${at}/${kind}/${i}`, `names the ${kind} hook "${hook}", which the family's plug-in does not register (${Object.keys(plugin[kind] ?? {}).sort().join(", ") || "none"})`);
      });
    }
    (spec.partition ?? []).forEach((p: string, i: number) => isParam(p) || problem(`${at}/partition/${i}`, `names the parameter "${p}", which ${op.operationId} does not have`));
    if (spec.id !== undefined && !isParam(spec.id)) problem(`${at}/id`, `names the parameter "${spec.id}", which ${op.operationId} does not have`);
    if (spec.sortParam !== undefined && !isParam(spec.sortParam)) problem(`${at}/sortParam`, `names the parameter "${spec.sortParam}", which ${op.operationId} does not have`);
    if (spec.search?.param !== undefined && !isParam(spec.search.param)) problem(`${at}/search/param`, `names the parameter "${spec.search.param}", which ${op.operationId} does not have`);
    for (const p of Object.keys(spec.match ?? {})) if (!isParam(p)) problem(`${at}/match`, `names the parameter "${p}", which ${op.operationId} does not have`);
    if (spec.page && paging === undefined) problem(`${at}/page`, "page fields without x-pagination on the operation");
    const statuses = { unique: "409", refers: "404", partition: "404" } as const;
    for (const [kind, status] of Object.entries(statuses)) {
      // A list or count answers an unknown partition with nothing, not its example: there the name only marks the partition as one that may not exist.
      if (kind === "partition" && (spec.action === "list" || spec.action === "count")) continue;
      const example = spec.errors?.[kind];
      if (example !== undefined && !exampleNames(op, status).includes(example)) problem(`${at}/errors/${kind}`, `names the example "${example}", which ${op.operationId}'s ${status} response does not have`);
    }
  }
  // The document's own workflows run operations it has, and read outputs of steps before them.
  const operationIds = new Set(entries.map((e) => e.operationId));
  ((Array.isArray(doc?.["x-workflows"]) ? doc["x-workflows"] : []) as Json[]).forEach((workflow, w) => {
    const seen: string[] = [];
    (workflow?.steps ?? []).forEach((step: Json, i: number) => {
      const at = `#/x-workflows/${w}/steps/${i}`;
      if (!operationIds.has(step?.operationId)) problem(`${at}/operationId`, `names the operation "${step?.operationId}", which the document does not have`);
      for (const m of JSON.stringify(step).matchAll(/\$steps\.([A-Za-z0-9_-]+)\./g)) if (!seen.includes(m[1]!)) problem(at, `reads the outputs of step "${m[1]}", which does not run before it in workflow ${workflow.workflowId}`);
      seen.push(step?.stepId);
    });
  });
  return problems;
}

/** A document the emulator cannot follow as written: every problem, each at its pointer. */
export class AnnotationError extends CloudInterfacesError {
  override readonly name = "AnnotationError";
  constructor(
    readonly serviceId: string,
    readonly problems: readonly AnnotationProblem[],
  ) {
    super(`${serviceId}: the document's annotations cannot be followed:\n${problems.map((p) => `  ${p.pointer}: ${p.message}`).join("\n")}`);
  }
}
