// Generated from openapi/metrics-v1.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import { checkRequest, type RequestParts, type ServiceRules } from "../../runtime/core/rules.js";

/** The request rules the document states, checked before a request is sent. */
export const rules: ServiceRules = {"schemas":{"MetricSample":{"type":"object","required":["name","value"],"properties":{"name":{"type":"string","minLength":1},"value":{"type":"number"},"timestamp":{"type":"integer"}}},"MetricSamples":{"type":"array","minItems":1,"items":{"$ref":"MetricSample"}}},"operations":{"GET /v1/metrics":{"header":{"X-Auth-Scope-Id":{"type":"string","pattern":"^s-\\S+$"}},"query":{"target":{"type":"array","minItems":1,"maxItems":5,"items":{"type":"string","minLength":1}},"from":{"type":"string","minLength":1},"until":{"type":"string","minLength":1}},"required":{"query":["target"]}},"POST /v1/metrics":{"header":{"X-Auth-Scope-Id":{"type":"string","pattern":"^s-\\S+$"}},"body":{"$ref":"MetricSamples"},"bodyRequired":true},"GET /v1/metrics/list":{"header":{"X-Auth-Scope-Id":{"type":"string","pattern":"^s-\\S+$"}},"query":{"query":{"type":"string","minLength":1}}},"DELETE /v1/metrics/list":{"header":{"X-Auth-Scope-Id":{"type":"string","pattern":"^s-\\S+$"}},"query":{"query":{"type":"string","minLength":1}},"required":{"query":["query"]}}}};

/** Throws an InputError for the first rule of this document the request breaks (the client loads this module on creation). */
export const check = (operation: string, request: RequestParts): void => checkRequest(rules.operations[operation], rules.schemas, request);

/**
 * What else the document states that the hand-written helpers (runtime/<family>) check: the named
 * schemas no request reaches, the `format` and `x-required-when` of parameters, and the
 * `x-value-pattern` of security schemes. Apart from `rules`, so a client-only bundle leaves it out.
 */
export const helperRules = {"schemas":{"Datapoint":{"type":"array","prefixItems":[{"type":["number","null"]},{"type":"integer"}],"items":false,"minItems":2},"DeleteResult":{"type":"object","required":["id"],"properties":{"id":{"type":"string"}}},"MetricList":{"type":"object","required":["metrics"],"properties":{"metrics":{"type":"array","items":{"$ref":"MetricNode"}}}},"MetricNode":{"type":"object","required":["path","name","is_leaf"],"properties":{"path":{"type":"string"},"name":{"type":"string"},"is_leaf":{"type":"integer","enum":[0,1]}}},"Problem":{"type":"object","required":["title","status"],"properties":{"type":{"type":"string"},"title":{"type":"string"},"status":{"type":"integer","minimum":400,"maximum":599},"detail":{"type":"string"},"instance":{"type":"string"},"errors":{"type":"array","items":{"type":"object","required":["code","message"],"properties":{"code":{"type":"string"},"message":{"type":"string"}}}}}},"Series":{"type":"object","required":["target","datapoints"],"properties":{"target":{"type":"string"},"datapoints":{"type":"array","items":{"$ref":"Datapoint"}}}},"SeriesList":{"type":"array","items":{"$ref":"Series"}}},"parameters":{},"securitySchemes":{"userToken":{"valuePattern":"^(apikey|iam|uaa) .+$"}}} as const;
