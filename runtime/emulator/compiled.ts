import type { ServiceDefinition } from "./app.js";
import type { ValidateFunction } from "./contract.js";

/** What an emulator is made of: its behaviour, and the document it is checked against with the validators the build compiled from it. */
export interface CompiledService {
  define(document: unknown): ServiceDefinition<any>;
  document: unknown;
  validators: Readonly<Record<string, ValidateFunction>>;
}
