// Generated from openapi/widget.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import { createServiceClient, type ServiceClientOptions } from "../../runtime/core/create-client.js";
import type { BasicCredentials, SecretSource } from "../../runtime/core/credentials.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { isApiErrorOf, type ErrorStatus, type TypedApiError } from "../../runtime/core/typed-errors.js";
import type { operations, paths } from "./types.js";

export type { components, operations, paths } from "./types.js";

/** Per-operation facts the runtime needs, extracted from the bundled document. */
export const widgetService = {
  "id": "widget",
  "servers": [
    {
      "name": "public",
      "url": "https://api.widget.example.com",
      "variables": {},
      "placeholder": true
    }
  ],
  "bind": [],
  "securitySchemes": {
    "apiKey": {
      "type": "apiKey",
      "in": "header",
      "name": "X-ApiKey"
    }
  },
  "operations": {
    "POST /developers/flex-api/widget-url": {
      "operationId": "createWidgetUrl",
      "security": [
        [
          "apiKey"
        ]
      ],
      "requestMediaTypes": [
        "application/json"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    }
  }
} as const satisfies ServiceMeta;

export type WidgetRegion = never;
export type WidgetServerName = "public";
export type WidgetCredentials = {
  "apiKey"?: SecretSource;
};
export type WidgetBind = Record<string, never>;
export type WidgetBoundParameter = never;
export type WidgetClientOptions = ServiceClientOptions<WidgetRegion, WidgetServerName, WidgetCredentials, WidgetBind>;
/** Item type of each operation that declares `x-pagination`: what `client.paginate(path)` yields. */
export type WidgetPages = {};

/** Typed client for "Subscription widget" 1.0. */
export function createWidgetClient(options: WidgetClientOptions = {}) {
  return createServiceClient<paths, WidgetBoundParameter, WidgetPages>(widgetService, options, () => import("./rules.js"));
}

export type WidgetClient = ReturnType<typeof createWidgetClient>;

/** A documented failure of this service: `ApiError<"operationId", status>` has that response's body type. */
export type ApiError<Op extends keyof operations = keyof operations, S extends ErrorStatus<operations, Op> = ErrorStatus<operations, Op>> = TypedApiError<operations, Op, S>;
/** `isApiError(e, "operationId", status)` narrows `e` to that documented failure. */
// Pure: an app that never calls it bundles neither it nor ApiError in its first load.
export const isApiError = /* @__PURE__ */ isApiErrorOf<operations>();
