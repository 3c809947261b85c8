// Generated from openapi/widget.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

/**
 * What else the document states that the hand-written helpers (runtime/<family>) check: the named
 * schemas no request reaches (their `$ref`s name schemas of this table or of rules.ts), the `format`
 * and `x-required-when` of parameters, and the `x-value-pattern` of security schemes.
 */
export const helperRules = {"schemas":{"FlexibleProduct":{"type":"object","required":["amount","currencyCode","name","productId","productType","periodLength","periodType","recurring"],"properties":{"amount":{"type":"number","minimum":0},"currencyCode":{"type":"string","pattern":"^[A-Z]{3}$"},"name":{"type":"string","minLength":1},"productId":{"type":"string","minLength":1},"productType":{"type":"string","enum":["subscription"]},"periodLength":{"type":"integer","minimum":1},"periodType":{"type":"string","enum":["day","week","month"]},"recurring":{"const":1}}},"WidgetUrlFailure":{"type":"object","required":["success","error"],"properties":{"success":{"const":0},"error":{"type":"string"}}},"WidgetUrlSuccess":{"type":"object","required":["success","data"],"properties":{"success":{"const":1},"data":{"type":"string"}}}},"parameters":{},"securitySchemes":{}} as const;
