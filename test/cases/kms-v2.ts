import type { CaseCatalogue, DocumentedCase } from "../harness/case-types.js";

const KEYS = "/api/v2/keys";
const KEY_TYPE = "application/vnd.svc.kms.key+json";

const createBody = {
  metadata: { collectionType: KEY_TYPE, collectionTotal: 1 },
  resources: [{ type: KEY_TYPE, name: "session-signing-key", extractable: true }],
};
const importBody = {
  metadata: { collectionType: KEY_TYPE, collectionTotal: 1 },
  resources: [{ type: KEY_TYPE, name: "imported-root-key", extractable: false, payload: "c2VjcmV0LWtleS1tYXRlcmlhbC0zMmJ5dGVzISEhIQ==" }],
};
// The deprecated state/extractable parameters are left out on purpose: Prism reports their use
// as a (warning) violation, and replayed cases must come back without any.
const listQuery = { limit: 100, offset: 0, filter: "state=0,1,2,3", sort: "-creationDate,id" };

const create = (source: string, status: number, example: string, body: unknown = createBody): DocumentedCase<"kms-v2"> => ({
  source: `§4A create: ${source}`,
  operation: `POST ${KEYS}`,
  status,
  example,
  request: { body },
});
const list = (source: string, status: number, example: string): DocumentedCase<"kms-v2"> => ({
  source: `§4A list: ${source}`,
  operation: `GET ${KEYS}`,
  status,
  example,
  request: { params: { query: listQuery } },
});
const total = (source: string, status: number, example?: string): DocumentedCase<"kms-v2"> => ({
  source: `§4A total: ${source}`,
  operation: `HEAD ${KEYS}`,
  status,
  ...(example ? { example } : {}),
  request: { params: { query: { filter: "extractable=false" } } },
});

/** Interface document 3, part A (key management v2), sections 4A, 7A and 8A. */
export default {
  service: "kms-v2",
  client: {
    credentials: { bearerAuth: "eyJhbGciOiJSUzI1NiJ9.e30.c2ln" },
    bind: { "svc-instance": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d", "X-Kms-Key-Ring": "payroll-ring" },
  },
  cases: [
    create("created (Prefer return=representation: key material and metadata)", 201, "created"),
    create("created (Prefer return=representation, root key: root-key material is never returned)", 201, "createdRootKey"),
    create("created (Prefer return=minimal: only the key identifier)", 201, "createdMinimal"),
    create("400 missing required field", 400, "missingRequiredField"),
    create("§7A KEY_ALIAS_QUOTA_ERR (alias quota reached; status not shown, x-assumed 400)", 400, "aliasQuotaReached"),
    create("401 invalid credentials or insufficient permissions", 401, "unauthorized"),
    create("not authorized: no authorization between the calling service and this service (§7A has no 403: x-assumed 401)", 401, "serviceNotAuthorized"),
    create("403 CONFIG_RULE_CONFLICT_ERR: an instance policy refuses the request (§7A lists no 403: x-assumed from the vendor's error-message reference)", 403, "configRuleConflict"),
    create("403 FEATURE_RESTRICTED_ERR: the feature is not enabled for the instance (x-assumed, as above)", 403, "featureRestricted"),
    create("404 reasons[0].code KEY_RING_NOT_FOUND_ERR", 404, "keyRingNotFound"),
    create("404 reasons[0].code INSTANCE_NOT_FOUND_ERR", 404, "instanceNotFound"),
    create("404 reasons[0].code IMPORT_TOKEN_NOT_FOUND_ERR", 404, "importTokenNotFound", importBody),
    create("409 import token reached its maximum retrievals (clients should retry)", 409, "importTokenExhausted", importBody),
    create("409 import token reached its expiration; §7A IMPORT_TOKEN_EXPIRED_ERR (x-assumed 409)", 409, "importTokenExpired", importBody),
    create("§7A KEY_ALIAS_NOT_UNIQUE_ERR (alias used by a key in the instance; x-assumed 409)", 409, "aliasNotUnique"),
    create("§7A KEY_CREATE_IMPORT_ACCESS_ERR (create/import access policy forbids; x-assumed 409)", 409, "createImportAccessDenied", importBody),
    create("429 (§8A rate limit per instance, method and endpoint)", 429, "tooManyRequests"),
    create("500", 500, "internalServerError"),
    list("listed (0 to 5000 key resources)", 200, "listed"),
    list("search space above 5000 keys with a key id or alias scope: single-key lookup, incompleteSearch true", 200, "incompleteSearch"),
    list("listed, 0 resources: the envelope as the vendor's troubleshooting page shows it, without resources (issue 47)", 200, "nothingListed"),
    list("400 reasons[0].code KEY_SEARCH_TOO_BROAD", 400, "keySearchTooBroad"),
    list("filter rules: state/extractable in filter together with the separate parameter gives 400", 400, "filterConflict"),
    list("401", 401, "unauthorized"),
    list("403 CONFIG_RULE_CONFLICT_ERR (x-assumed, as for create)", 403, "configRuleConflict"),
    list("403 FEATURE_RESTRICTED_ERR (x-assumed, as for create)", 403, "featureRestricted"),
    list("429", 429, "tooManyRequests"),
    list("500", 500, "internalServerError"),
    total("header Key-Total holds the number of keys (status not shown, x-assumed 200)", 200, "total"),
    total("cases not shown; list's 400 without a body (x-assumed)", 400),
    total("cases not shown; list's 401 without a body (x-assumed)", 401),
    total("cases not shown; list's 403 without a body (x-assumed)", 403),
    total("cases not shown; list's 429 without a body (x-assumed)", 429),
    total("cases not shown; list's 500 without a body (x-assumed)", 500),
  ],
} satisfies CaseCatalogue<"kms-v2">;
