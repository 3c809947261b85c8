/**
 * The flows a document's `x-resource` annotations state, in one place: for each resource with a
 * create, the operations that read, change and delete what the create made. The build writes
 * them as OpenAPI `links` on each create's success response and as an Arazzo workflow per
 * resource (scripts/lib/generate-flows.ts); `verify` runs the same flows (runtime/verify/flows.ts,
 * and test/verify/workflows-agree.test.ts holds that both pick the same operations).
 */
import type { OperationTable, TableOperation, TableParameter } from "./operation-table.js";

export interface ResourceFlow {
  /** `x-resource.name` */
  name: string;
  create: TableOperation;
  list?: TableOperation;
  get?: TableOperation;
  update?: TableOperation;
  replace?: TableOperation;
  delete?: TableOperation;
}

type Resource = { name?: string; action?: string; id?: string; at?: string; partition?: string[]; set?: Record<string, unknown> };

const resourceOf = (op: TableOperation): Resource | undefined => (op.resource && !("plugin" in op.resource) ? (op.resource as Resource) : undefined);

/** One flow per resource that has a create, in the order of the creates in the table. */
export function resourceFlows(table: OperationTable): ResourceFlow[] {
  const flows: ResourceFlow[] = [];
  for (const create of table.operations) {
    const r = resourceOf(create);
    if (r?.action !== "create" || typeof r.name !== "string" || flows.some((f) => f.name === r.name)) continue;
    const flow: ResourceFlow = { name: r.name, create };
    for (const op of table.operations) {
      const action = resourceOf(op)?.name === r.name ? resourceOf(op)!.action : undefined;
      if ((action === "list" || action === "get" || action === "update" || action === "replace" || action === "delete") && !flow[action]) flow[action] = op;
    }
    flows.push(flow);
  }
  return flows;
}

/** The item operations a create links to, in the order a flow runs them. */
export function itemOperations(flow: ResourceFlow): TableOperation[] {
  return [flow.get, flow.update, flow.replace, flow.delete].filter((op): op is TableOperation => op !== undefined);
}

/** Where the created object's identifier stands in the create's answer: `x-resource.at` + the id field. */
export function createdIdPointer(flow: ResourceFlow): string {
  const r = resourceOf(flow.create)!;
  return `${r.at ?? ""}/${idField(flow)}`;
}

/** The record field holding the identifier: `id` unless the create sets another (`x-resource.id` of the item operations). */
export function idField(flow: ResourceFlow): string {
  const set = resourceOf(flow.create)?.set ?? {};
  if ("id" in set) return "id";
  const item = itemOperations(flow)[0];
  return (item && resourceOf(item)?.id) || "id";
}

/** The path parameter of an item operation that carries the object's identifier (`x-resource.id`, else the last path parameter). */
export function idParameter(op: TableOperation): TableParameter | undefined {
  const r = resourceOf(op);
  const path = op.parameters.filter((p) => p.in === "path" && !(r?.partition ?? []).includes(p.name));
  return path.find((p) => p.name === r?.id) ?? path[path.length - 1];
}

/** The parameters naming the resource's partition (`x-resource.partition`) on an operation. */
export function partitionParameters(op: TableOperation): TableParameter[] {
  const partition = resourceOf(op)?.partition ?? [];
  return op.parameters.filter((p) => partition.some((name) => name.toLowerCase() === p.name.toLowerCase()));
}
