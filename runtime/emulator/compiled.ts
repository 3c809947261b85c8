import type { ServiceDefinition } from "./app.js";
import type { ValidateFunction } from "./contract.js";
import type { OperationTable } from "../openapi/operation-table.js";
import type { ArazzoWorkflow } from "../openapi/workflows.js";

/** What an emulator is made of: its behaviour, and the document it is checked against with the validators the build compiled from it. */
export interface CompiledService {
  define(document: unknown): ServiceDefinition<any>;
  document: unknown;
  validators: Readonly<Record<string, ValidateFunction>>;
  /** The document's operation table, compiled by the build (generated/<id>/operations.ts). */
  table: OperationTable;
  /** Its Arazzo workflows, made by the build (generated/<id>/operations.ts); verify runs them. Absent where a loader does not carry them (browsers). */
  workflows?: ArazzoWorkflow[];
}
