// A catalogue names operations as the generated meta keys them: each @ts-expect-error line must stay an error (tsc checks this file).
import type { CaseCatalogue, DocumentedCase } from "../harness/case-types.js";

export const documented: DocumentedCase<"kms-v2"> = { source: "§4A create", operation: "POST /api/v2/keys", status: 201 };

// @ts-expect-error: a misspelt path does not compile
export const typo: DocumentedCase<"kms-v2"> = { source: "§4A create", operation: "POST /api/v2/key", status: 201 };

// @ts-expect-error: a method the path does not have does not compile
export const wrongMethod: DocumentedCase<"kms-v2"> = { source: "§4A delete", operation: "DELETE /api/v2/keys", status: 204 };

// @ts-expect-error: an operation of another service does not compile
export const otherService: DocumentedCase<"kms-v2"> = { source: "§4B retrieve", operation: "GET /v1/metrics", status: 200 };

export const catalogue = {
  service: "widget",
  client: {},
  cases: [
    { source: "§2C", operation: "POST /developers/flex-api/widget-url", status: 200 },
    // @ts-expect-error: a typo inside a catalogue fails as well
    { source: "§2C", operation: "POST /developers/flex-api/widget-ur1", status: 200 },
  ],
} satisfies CaseCatalogue<"widget">;

// @ts-expect-error: a catalogue's service and its type argument must agree
export const mislabelled: CaseCatalogue<"widget"> = { service: "kms-v2", client: {}, cases: [] };
