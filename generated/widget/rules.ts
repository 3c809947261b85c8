// Generated from openapi/widget.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import { checkRequest, type RequestParts, type ServiceRules } from "../../runtime/core/rules.js";

/** The request rules the document states, checked before a request is sent. */
export const rules: ServiceRules = {"schemas":{"WidgetUrlRequest":{"type":"object","required":["key","user_email"],"properties":{"key":{"type":"string","minLength":1},"user_email":{"type":"string"},"package_id":{"type":"integer"},"package_sku_id":{"type":"string","minLength":1},"custom":{"oneOf":[{"type":"object","additionalProperties":true,"properties":{"success_url":{"type":"string"},"failure_url":{"type":"string"}}},{"type":"array","items":{}}]},"flex":{"enum":[1,true,0,false]}},"allOf":[{"anyOf":[{"required":["package_id"],"properties":{"package_id":{"type":"integer"}}},{"required":["package_sku_id"],"properties":{"package_sku_id":{"type":"string","minLength":1}}}]}]}},"operations":{"POST /developers/flex-api/widget-url":{"body":{"$ref":"WidgetUrlRequest"},"bodyRequired":true}}};

/** Throws an InputError for the first rule of this document the request breaks (the client loads this module on creation). */
export const check = (operation: string, request: RequestParts): void => checkRequest(rules.operations[operation], rules.schemas, request);
