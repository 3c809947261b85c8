// Written from interface document 3 (seed 002), part B: §4B lists the four operations and the
// cases common to all of them, §7B the status codes, §8B the 5-target limit.
import type { CaseCatalogue, DocumentedCase, OperationOf } from "../harness/case-types.js";

const retrieve = "GET /v1/metrics";
const send = "POST /v1/metrics";
const list = "GET /v1/metrics/list";
const remove = "DELETE /v1/metrics/list";

const retrieveRequest = { params: { query: { target: ["app.web*.requests"], from: "-6h", until: "now" } } };
const sendRequest = { body: [{ name: "app.web01.requests", value: 12.5, timestamp: 1700000000 }, { name: "app.web01.latency", value: 0.042 }] };
const listRequest = { params: { query: { query: "app.*" } } };
const deleteRequest = { params: { query: { query: "app.web01.*" } } };

// §4B: "Response cases common to all four: success; bad request (a required header or
// parameter is missing); subject not authorized; unexpected service error."
function common(operation: OperationOf<"metrics-v1">, name: string, request: DocumentedCase["request"]): DocumentedCase<"metrics-v1">[] {
  return [
    { source: `§4B ${name}: bad request (a required header or parameter is missing); §7B 400`, operation, status: 400, example: "missingHeaderOrParameter", request },
    { source: `§4B ${name}: subject not authorized; §5B missing or unauthorized subject; §7B 401`, operation, status: 401, example: "notAuthorized", request },
    { source: `§4B ${name}: unexpected service error; §7B 500`, operation, status: 500, example: "unexpectedError", request },
  ];
}

const catalogue: CaseCatalogue<"metrics-v1"> = {
  service: "metrics-v1",
  client: {
    credentials: { userToken: "iam eyJraWQiOiIyMDIzMTEiLCJhbGciOiJSUzI1NiJ9.e30.c2ln" },
    bind: { "X-Auth-Scope-Id": "s-667fadfc-1c2d-4e5f-9f0e-cf4123451095" },
  },
  cases: [
    { source: "§4B retrieve: success, query result array (§2B); §7B 200", operation: retrieve, status: 200, example: "series", request: retrieveRequest },
    { source: "§8B at most 5 targets per retrieve request (status of exceeding it x-assumed 400)", operation: retrieve, status: 400, example: "tooManyTargets", request: retrieveRequest },
    ...common(retrieve, "retrieve", retrieveRequest),

    { source: "§4B send: success (no body shown); §7B 200", operation: send, status: 200, request: sendRequest },
    ...common(send, "send", sendRequest),

    { source: "§4B list: success, list result (§2B); §7B 200", operation: list, status: 200, example: "metricPaths", request: listRequest },
    ...common(list, "list", listRequest),

    { source: "§4B delete: success, delete result (§2B); §7B 200", operation: remove, status: 200, example: "deleted", request: deleteRequest },
    { source: "§4B delete: 404 when nothing matches; §7B 404", operation: remove, status: 404, example: "noMatch", request: deleteRequest },
    ...common(remove, "delete", deleteRequest),
  ],
};

export default catalogue;
