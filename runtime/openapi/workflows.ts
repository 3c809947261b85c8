/**
 * The Arazzo 1.0 workflows of a document, as data: one per resource with a create, generated
 * from `x-resource` (create → read back → update → read back → replace → read back → delete →
 * gone), then the workflows the document states itself under `x-workflows` (the flows of
 * services whose operations a family plug-in serves: tokens, series). The build writes them to
 * dist/openapi/<id>.arazzo.yaml for Respect and other runners, and into the generated operations
 * module for `verify`, which runs them (runtime/verify/flows-arazzo.ts).
 */
import { getAt } from "../core/pointer.js";
import { firstExample, requestBodyExamples } from "./examples.js";
import { operationTable, type TableOperation, type TableParameter } from "./operation-table.js";
import { createdIdPointer, idParameter, partitionParameters, resourceFlows, type ResourceFlow } from "./resource-flows.js";

type Json = any;

/** The subset of an Arazzo 1.0 Step Object the generator and the documents' `x-workflows` use (and `verify` runs). */
export interface ArazzoStep {
  stepId: string;
  description?: string;
  operationId: string;
  parameters?: { name: string; in: "path" | "query" | "header" | "cookie"; value: unknown }[];
  /** Redocly Respect's extension: the credentials of the step, by security scheme. */
  "x-security"?: { schemeName: string; values: Record<string, string> }[];
  requestBody?: { contentType?: string; payload?: unknown; replacements?: { target: string; value: unknown }[] };
  successCriteria?: { condition: string; context?: string; type?: string }[];
  outputs?: Record<string, string>;
}

export interface ArazzoWorkflow {
  workflowId: string;
  summary?: string;
  description?: string;
  /** A JSON Schema of the inputs. */
  inputs?: { type: "object"; properties: Record<string, { type?: string; default?: unknown; description?: string; format?: string }> };
  /** The inputs to give anew on each run against the same server (a name the server keeps unique). Beside the schema, whose validators (Respect's, strict) refuse unknown keywords. */
  "x-unique-inputs"?: string[];
  steps: ArazzoStep[];
}

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A name usable in `$inputs.<name>`: letters, digits and `_`. */
const inputName = (name: string) => name.replace(/[^A-Za-z0-9_]/g, "_");

interface StepParts {
  inputs: Record<string, Json>;
  unique: Set<string>;
}

/**
 * Parameters of a step: partition ones and those the document's clients bind once
 * (`x-client.bind`: every request of a client carries them) from the workflow's inputs (their
 * examples as defaults), other required ones as their examples.
 */
function stepParameters(doc: Json, op: TableOperation, skip: string[], parts: StepParts): Json[] {
  const partition = partitionParameters(op);
  const bound = new Set(((doc["x-client"]?.bind ?? []) as string[]).map((n) => n.toLowerCase()));
  const out: Json[] = [];
  for (const p of op.parameters) {
    if (skip.includes(p.name)) continue;
    const isPartition = partition.includes(p) || bound.has(p.name.toLowerCase());
    if (!isPartition && !p.required) continue;
    const example = firstExample(doc, getAt(doc, p.pointer));
    const value = example.found ? example.value : p.default;
    if (value === undefined) continue;
    if (isPartition) {
      parts.inputs[inputName(p.name)] ??= { type: typeof value === "number" ? "number" : "string", description: `The \`${p.name}\` the flow works in.`, default: value };
      out.push({ name: p.name, in: p.in, value: `$inputs.${inputName(p.name)}` });
    } else out.push({ name: p.name, in: p.in, value });
  }
  return out;
}

/** `x-security` (Redocly Respect's extension) for the operation's first security alternative, its values from the inputs. */
function stepSecurity(doc: Json, op: TableOperation, parts: StepParts): Json[] | undefined {
  const names = op.security[0];
  if (!names || names.length === 0) return undefined;
  return names.map((schemeName) => {
    const scheme = doc.components?.securitySchemes?.[schemeName] ?? {};
    const input = inputName(schemeName);
    const example = typeof scheme["x-example"] === "string" ? scheme["x-example"] : undefined;
    const kind = scheme.type === "http" ? String(scheme.scheme).toLowerCase() : scheme.type;
    if (kind === "basic") {
      const [username, password] = example ? [example.slice(0, example.indexOf(":")), example.slice(example.indexOf(":") + 1)] : [undefined, undefined];
      parts.inputs[`${input}_username`] ??= { type: "string", ...(username !== undefined ? { default: username } : {}) };
      parts.inputs[`${input}_password`] ??= { type: "string", format: "password", ...(password !== undefined ? { default: password } : {}) };
      return { schemeName, values: { username: `$inputs.${input}_username`, password: `$inputs.${input}_password` } };
    }
    parts.inputs[input] ??= { type: "string", format: "password", description: `Credentials for ${schemeName}${example ? " (the document's example by default)" : ""}.`, ...(example ? { default: example } : {}) };
    return { schemeName, values: kind === "apiKey" ? { apiKey: `$inputs.${input}` } : kind === "bearer" ? { token: `$inputs.${input}` } : { accessToken: `$inputs.${input}` } };
  });
}

/**
 * The first documented request body, its unique fields (`x-resource.unique` of the create) taken
 * from the workflow's inputs: the example's name is often taken already (a server seeded with the
 * examples, an earlier run), and `--input` gives another. Update and replace send the same value,
 * so they keep the object's own name.
 */
function requestBody(doc: Json, op: TableOperation, flow: ResourceFlow, parts: StepParts): Json | undefined {
  const raw = getAt(doc, op.pointer) as Json;
  const example = requestBodyExamples(doc, raw)[0];
  if (!example) return undefined;
  const at = String((op.resource as { body?: string } | undefined)?.body ?? "");
  const record = at ? getAt(example.value, at) : example.value;
  const replacements: Json[] = [];
  for (const field of ((flow.create.resource as { unique?: string[] }).unique ?? [])) {
    const value = record && typeof record === "object" ? (record as Json)[field] : undefined;
    const [target, first] = typeof value === "string" ? [`${at}/${field}`, value] : Array.isArray(value) && typeof value[0] === "string" ? [`${at}/${field}/0`, value[0]] : [undefined, undefined];
    if (!target) continue;
    const input = inputName(`${flow.name}_${field}`);
    parts.inputs[input] ??= { type: "string", description: `The ${flow.name}'s \`${field}\`, unique among its ${flow.name}s: give a new one for each run against the same server.`, default: first };
    parts.unique.add(input);
    replacements.push({ target, value: `$inputs.${input}` });
  }
  return { contentType: example.mediaType, payload: example.value, ...(replacements.length ? { replacements } : {}) };
}

/** The pointer of the record inside an answer (`x-resource.at`). */
const recordAt = (op: TableOperation) => String((op.resource as { at?: string } | undefined)?.at ?? "");

function workflow(doc: Json, flow: ResourceFlow): ArazzoWorkflow {
  const parts: StepParts = { inputs: {}, unique: new Set() };
  const createId = `create${upper(flow.name)}`;
  const step = (stepId: string, op: TableOperation, status: number, extra: { id?: boolean; body?: boolean; criteria?: Json[]; outputs?: Json; description: string }) => {
    const idParam = extra.id ? idParameter(op) : undefined;
    const parameters = stepParameters(doc, op, idParam ? [idParam.name] : [], parts);
    if (idParam) parameters.push({ name: idParam.name, in: "path", value: `$steps.${createId}.outputs.id` });
    const security = stepSecurity(doc, op, parts);
    const body = extra.body ? requestBody(doc, op, flow, parts) : undefined;
    return {
      stepId,
      description: extra.description,
      operationId: op.operationId,
      ...(parameters.length ? { parameters } : {}),
      ...(security ? { "x-security": security } : {}),
      ...(body ? { requestBody: body } : {}),
      successCriteria: [{ condition: `$statusCode == ${status}` }, ...(extra.criteria ?? [])],
      ...(extra.outputs ? { outputs: extra.outputs } : {}),
    };
  };
  const sameId = (op: TableOperation) => ({ condition: `$response.body#${recordAt(op)}/id == $steps.${createId}.outputs.id` });
  const steps: Json[] = [
    step(createId, flow.create, flow.create.success.status, { body: true, outputs: { id: `$response.body#${createdIdPointer(flow)}` }, description: `Creates a ${flow.name} from the document's first example of ${flow.create.operationId}.` }),
  ];
  const readBack = (after: string) =>
    flow.get
      ? step(`read${upper(flow.name)}After${upper(after)}`, flow.get, flow.get.success.status, { id: true, criteria: [sameId(flow.get)], description: `Reads the ${flow.name} back after its ${after}.` })
      : flow.list
        ? step(`list${upper(flow.name)}After${upper(after)}`, flow.list, flow.list.success.status, { description: `Lists the ${flow.name}s after the ${after} (the document has no item read).` })
        : undefined;
  const push = (s: Json | undefined) => s && steps.push(s);
  push(readBack("create"));
  // The list holds what was created (verify also judges its pages, filters and limits there).
  if (flow.get && flow.list) push(step(`${flow.name}IsListed`, flow.list, flow.list.success.status, { description: `Lists the ${flow.name}s after the create: the created one is among them.` }));
  for (const [op, label] of [[flow.update, "update"], [flow.replace, "replace"]] as const) {
    if (!op) continue;
    push(step(`${label}${upper(flow.name)}`, op, op.success.status, { id: true, body: true, criteria: op.success.mediaType ? [sameId(op)] : [], description: `${upper(label)}s the created ${flow.name} with the document's first example of ${op.operationId}.` }));
    push(readBack(label));
  }
  if (flow.delete) {
    push(step(`delete${upper(flow.name)}`, flow.delete, flow.delete.success.status, { id: true, description: `Deletes the created ${flow.name}.` }));
    if (flow.get) push(step(`${flow.name}IsGone`, flow.get, 404, { id: true, description: `The deleted ${flow.name} is gone.` }));
  }
  return {
    workflowId: `${flow.name}Lifecycle`,
    summary: `Create a ${flow.name}, read it back, change it and delete it`,
    description: `Generated from the document's \`x-resource\` annotations (resource \`${flow.name}\`); \`verify --allow-writes\` runs the same operations and also compares every read-back with what was sent. Each run creates a ${flow.name} with the document's example values${flow.delete ? " and deletes it" : ", which no operation deletes"}.`,
    inputs: { type: "object", properties: parts.inputs },
    ...(parts.unique.size ? { "x-unique-inputs": [...parts.unique] } : {}),
    steps,
  };
}



/** The generated resource workflows, then the document's own `x-workflows`. */
export function documentWorkflows(doc: object): ArazzoWorkflow[] {
  const d = doc as Json;
  const generated = resourceFlows(operationTable(doc)).map((flow) => workflow(d, flow));
  const stated = Array.isArray(d["x-workflows"]) ? (d["x-workflows"] as ArazzoWorkflow[]) : [];
  return [...generated, ...structuredClone(stated)];
}

const cached = new WeakMap<object, ArazzoWorkflow[]>();

/** The workflows of a document: the build's (registered with `useWorkflows`) for a bundled one, else made once on first use. */
export function workflowsOf(doc: object): ArazzoWorkflow[] {
  let workflows = cached.get(doc);
  if (!workflows) cached.set(doc, (workflows = documentWorkflows(doc)));
  return workflows;
}

/** Registers the build's workflows of a bundled document (generated/<id>/operations.ts). */
export function useWorkflows(doc: object, workflows: ArazzoWorkflow[]): void {
  cached.set(doc, workflows);
}
