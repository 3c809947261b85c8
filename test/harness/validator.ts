import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { bundledDocument } from "./documents.js";

const instances = new Map<string, { ajv: InstanceType<typeof Ajv2020>; id: string }>();

/**
 * Independent JSON Schema 2020-12 validation (Ajv) against a bundled document: the whole
 * document is registered under a URN so that its "#/components/..." references resolve.
 */
function forService(serviceId: string) {
  let entry = instances.get(serviceId);
  if (!entry) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    // CommonJS default export: under NodeNext the callable sits on .default.
    const addFormats = ((formats as any).default ?? formats) as (a: InstanceType<typeof Ajv2020>) => void;
    addFormats(ajv);
    const id = `urn:openapi:${serviceId}`;
    ajv.addSchema({ ...bundledDocument(serviceId), $id: id });
    entry = { ajv, id };
    instances.set(serviceId, entry);
  }
  return entry;
}

/** Validates a value against the schema at a JSON pointer ("#/paths/...") of the bundled document. */
export function validateAt(serviceId: string, schemaPointer: string, value: unknown): string[] {
  const { ajv, id } = forService(serviceId);
  const validate = ajv.getSchema(`${id}${schemaPointer}`) ?? ajv.compile({ $ref: `${id}${schemaPointer}` });
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e: { instancePath: string; message?: string }) => `${e.instancePath || "/"} ${e.message}`);
}

export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  message?: string;
}

/** Like validateAt, with Ajv's keyword and location for each error (used to prove a mutation breaks one rule). */
export function errorsAt(serviceId: string, schemaPointer: string, value: unknown): SchemaError[] {
  const { ajv, id } = forService(serviceId);
  const validate = ajv.getSchema(`${id}${schemaPointer}`) ?? ajv.compile({ $ref: `${id}${schemaPointer}` });
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e: SchemaError) => ({ keyword: e.keyword, instancePath: e.instancePath, schemaPath: e.schemaPath, message: e.message }));
}
