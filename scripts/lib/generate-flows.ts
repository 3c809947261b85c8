/**
 * The flows `x-resource` states, written in the standards other tools run: OpenAPI `links` on
 * each create's success response (to the get, update, replace and delete of the same resource,
 * by the returned id), and an Arazzo 1.0 workflow per resource (create → read back → update →
 * read back → replace → read back → delete → gone), shipped beside the bundle as
 * dist/openapi/<id>.arazzo.yaml. Both come from runtime/openapi/resource-flows.ts, the plan
 * `verify` runs too.
 */
import { firstExample, requestBodyExamples } from "../../runtime/openapi/examples.js";
import { compileOperationTable, type TableOperation, type TableParameter } from "../../runtime/openapi/operation-table.js";
import { getAt } from "../../runtime/core/pointer.js";
import { createdIdPointer, idParameter, itemOperations, partitionParameters, resourceFlows, type ResourceFlow } from "../../runtime/openapi/resource-flows.js";
import type { OpenApiDocument } from "./openapi-types.js";
import type { Service } from "./services.js";

type Json = any;

const ACTION_WORD: Record<string, string> = { get: "Reads", update: "Updates", replace: "Replaces", delete: "Deletes" };

/** The runtime expression of a request parameter, as a link or a step names it. */
const requestExpression = (p: TableParameter) => `$request.${p.in}.${p.name}`;

/**
 * The bundle with `links` on the success response of every create that has item operations.
 * A new object: the input is not changed. A response the document already gives links keeps them.
 */
export function withLinks(doc: OpenApiDocument): OpenApiDocument {
  const table = compileOperationTable(doc);
  const out: Json = structuredClone(doc);
  for (const flow of resourceFlows(table)) {
    const targets = itemOperations(flow);
    if (targets.length === 0) continue;
    const response = getAt(out, `${flow.create.pointer}/responses/${flow.create.success.status}`) as Json;
    // A `$ref`ed response is shared; the build's documents define create answers inline.
    if (!response || typeof response !== "object" || "$ref" in response) continue;
    const links: Record<string, Json> = {};
    for (const target of targets) {
      const idParam = idParameter(target);
      if (!idParam) continue;
      const parameters: Record<string, string> = {};
      for (const p of partitionParameters(target)) {
        const source = partitionParameters(flow.create).find((c) => c.name.toLowerCase() === p.name.toLowerCase());
        if (source) parameters[`${p.in}.${p.name}`] = requestExpression(source);
      }
      parameters[`path.${idParam.name}`] = `$response.body#${createdIdPointer(flow)}`;
      const action = (target.resource as { action: string }).action;
      links[target.operationId] = {
        operationId: target.operationId,
        parameters,
        description: `${ACTION_WORD[action] ?? action} the ${flow.name} this ${flow.create.operationId} created, by the identifier it returned (generated from \`x-resource\`).`,
      };
    }
    response.links = { ...links, ...(response.links ?? {}) };
  }
  return out;
}

/** A name usable in `$inputs.<name>`: letters, digits and `_`. */
const inputName = (name: string) => name.replace(/[^A-Za-z0-9_]/g, "_");

interface StepParts {
  inputs: Record<string, Json>;
}

/** Parameters of a step: partition ones from the workflow's inputs (their examples as defaults), other required ones as their examples. */
function stepParameters(doc: Json, op: TableOperation, skip: string[], parts: StepParts): Json[] {
  const partition = partitionParameters(op);
  const out: Json[] = [];
  for (const p of op.parameters) {
    if (skip.includes(p.name)) continue;
    const isPartition = partition.includes(p);
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
    replacements.push({ target, value: `$inputs.${input}` });
  }
  return { contentType: example.mediaType, payload: example.value, ...(replacements.length ? { replacements } : {}) };
}

/** The pointer of the record inside an answer (`x-resource.at`). */
const recordAt = (op: TableOperation) => String((op.resource as { at?: string } | undefined)?.at ?? "");

function workflow(doc: Json, flow: ResourceFlow): Json {
  const parts: StepParts = { inputs: {} };
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
    steps,
  };
}

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The Arazzo 1.0 description of a document's resource flows, or undefined when it has no resource with a create. */
export function generateArazzo(service: Service, doc: OpenApiDocument): Json | undefined {
  const flows = resourceFlows(compileOperationTable(doc));
  if (flows.length === 0) return undefined;
  const d = doc as Json;
  return {
    arazzo: "1.0.1",
    info: {
      title: `${d.info?.title ?? service.id}: resource flows`,
      version: String(d.info?.version ?? "0"),
      description: `The create → read → update → delete flows of ${service.id}, generated by the build from the document's \`x-resource\` annotations. Run them with \`npx @redocly/cli respect ${service.id}.arazzo.yaml --server ${service.id}=<base URL>\`.`,
    },
    sourceDescriptions: [{ name: service.id, url: `./${service.id}.yaml`, type: "openapi" }],
    workflows: flows.map((flow) => workflow(d, flow)),
  };
}
