import type { CaseCatalogue } from "../harness/case-types.js";

const valid = { key: "prj_4f1c2a9d", user_email: "user@example.com", package_id: 1042 };

/** Interface document 3, part C (subscription widget). Status codes there are "not shown": see x-assumed. */
export default {
  service: "widget",
  client: { credentials: { apiKey: "prj_4f1c2a9d" } },
  cases: [
    {
      source: "§2C: response `success` = 1 and `data` on success",
      operation: "POST /developers/flex-api/widget-url",
      status: 200,
      example: "success",
      request: { body: valid },
    },
    {
      source: "§2C/§7C: `success` is 1 only when successful and a failed call returns `error`; its status is not shown, so a failure may come with 200 (x-assumed)",
      operation: "POST /developers/flex-api/widget-url",
      status: 200,
      example: "failedWithStatus200",
      request: { body: valid },
    },
    {
      source: "§4C: package_id and package_sku_id together (each is required unless the other is present: both are allowed)",
      operation: "POST /developers/flex-api/widget-url",
      status: 200,
      example: "success",
      request: { body: { ...valid, package_sku_id: "gold-monthly" } },
    },
    {
      source: "§7C: a failed call returns `error` in the body",
      operation: "POST /developers/flex-api/widget-url",
      status: 400,
      example: "invalidRequest",
      request: { body: valid },
    },
    {
      source: "§5C: header `X-ApiKey` holds the project key (missing or rejected key)",
      operation: "POST /developers/flex-api/widget-url",
      status: 401,
      example: "invalidApiKey",
      request: { body: valid },
    },
    {
      source: "§7C: a failed call returns `error` in the body (unexpected failure; status x-assumed)",
      operation: "POST /developers/flex-api/widget-url",
      status: 500,
      example: "internalError",
      request: { body: valid },
    },
  ],
} satisfies CaseCatalogue<"widget">;
