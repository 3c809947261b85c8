// Generated from openapi/metrics-v1.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import { checkRequest, type RequestParts, type ServiceRules } from "../../runtime/core/rules.js";

/** The request rules the document states, checked before a request is sent. */
export const rules: ServiceRules = {"schemas":{"MetricSample":{"type":"object","required":["name","value"],"properties":{"name":{"type":"string","minLength":1},"value":{"type":"number"},"timestamp":{"type":"integer","minimum":0,"maximum":253402300799}}},"MetricSamples":{"type":"array","minItems":1,"items":{"$ref":"MetricSample"}}},"operations":{"GET /v1/metrics":{"header":{"X-Auth-Scope-Id":{"type":"string","pattern":"^s-\\S+$"}},"query":{"target":{"type":"array","minItems":1,"maxItems":5,"items":{"type":"string"}},"from":{"type":"string","minLength":1},"until":{"type":"string","minLength":1}},"required":{"query":["target"]}},"POST /v1/metrics":{"header":{"X-Auth-Scope-Id":{"type":"string","pattern":"^s-\\S+$"}},"body":{"$ref":"MetricSamples"},"bodyRequired":true},"GET /v1/metrics/list":{"header":{"X-Auth-Scope-Id":{"type":"string","pattern":"^s-\\S+$"}},"query":{"query":{"type":"string","minLength":1}}},"DELETE /v1/metrics/list":{"header":{"X-Auth-Scope-Id":{"type":"string","pattern":"^s-\\S+$"}},"query":{"query":{"type":"string","minLength":1}},"required":{"query":["query"]}}}};

/** Throws an InputError for the first rule of this document the request breaks (the client loads this module on creation). */
export const check = (operation: string, request: RequestParts): void => checkRequest(rules.operations[operation], rules.schemas, request);
