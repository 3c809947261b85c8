// Generated from openapi/widget.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import type { ServiceRules } from "../../runtime/core/rules.js";

/** The request rules the document states, checked before a request is sent. */
export const rules: ServiceRules = {"schemas":{"WidgetUrlRequest":{"type":"object","required":["key","user_email"],"properties":{"key":{"type":"string","minLength":1},"user_email":{"type":"string"},"package_id":{"type":"integer"},"package_sku_id":{"type":"string","minLength":1},"custom":{"type":["object","array"],"additionalProperties":true,"items":{}},"flex":{"enum":[1,true]}},"oneOf":[{"required":["package_id"]},{"required":["package_sku_id"]}]}},"operations":{"POST /developers/flex-api/widget-url":{"body":{"$ref":"WidgetUrlRequest"},"bodyRequired":true}}};
