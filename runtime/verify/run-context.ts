/**
 * What one verify run hands its parts (the documented requests, the flows, the clean-up): its
 * own module, so verify.ts and flows.ts both read it and neither imports the other back.
 */
import type { Contract } from "../emulator/contract.js";
import type { TableOperation } from "../openapi/operation-table.js";
import type { RawRequest } from "./raw-request.js";
import type { Check, Failure, VerifyReport } from "./report.js";
import type { Permissions } from "./safety.js";
import type { Answer, Sender } from "./sender.js";
import type { Access } from "./verdict.js";

export type Called = { answer: Answer; failures: Failure[]; request: Check["request"]; notes: string[] };

export interface RunContext {
  doc: any;
  contract: Contract;
  ops: TableOperation[];
  sender: Sender;
  bind: Record<string, string>;
  permissions: Permissions;
  access: Access;
  selected: (op: TableOperation) => boolean;
  /** Sends one request for `op`; records the status seen and returns the answer with its conformance failures. */
  call(op: TableOperation, req: RawRequest): Promise<Called>;
  record(op: TableOperation, check: Check): void;
  /** Records the check of a documented valid request's answer (an example, a flow step). */
  recordValid(op: TableOperation, base: Omit<Check, "verdict" | "failures" | "request" | "status">, r: Called, label: string, expected?: Failure[]): Check;
  leftBehind: VerifyReport["leftBehind"];
  /** Resources documented requests created, deleted (or listed as left behind) at the end. */
  created: { op: TableOperation; id: string | undefined }[];
}
