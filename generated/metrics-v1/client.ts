// Generated from openapi/metrics-v1.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import { createServiceClient, type ServiceClientOptions } from "../../runtime/core/create-client.js";
import type { BasicCredentials, SecretSource } from "../../runtime/core/credentials.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { isApiErrorOf, type ErrorStatus, type TypedApiError } from "../../runtime/core/typed-errors.js";
import type { operations, paths } from "./types.js";

export type { components, operations, paths } from "./types.js";

/** Per-operation facts the runtime needs, extracted from the bundled document. */
export const metricsV1Service = {
  "id": "metrics-v1",
  "servers": [
    {
      "name": "public",
      "url": "https://{region}.metrics.example.com",
      "variables": {
        "region": {
          "default": "us-south",
          "enum": [
            "us-south",
            "eu-gb",
            "eu-de",
            "au-syd"
          ]
        }
      },
      "placeholder": true
    }
  ],
  "bind": [
    {
      "name": "X-Auth-Scope-Id",
      "in": "header"
    }
  ],
  "securitySchemes": {
    "userToken": {
      "type": "apiKey",
      "in": "header",
      "name": "X-Auth-User-Token"
    }
  },
  "operations": {
    "GET /v1/metrics": {
      "operationId": "retrieveMetrics",
      "security": [
        [
          "userToken"
        ]
      ],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {
        "target": {
          "style": "form",
          "explode": true,
          "shape": "array"
        },
        "from": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "until": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    },
    "POST /v1/metrics": {
      "operationId": "sendMetrics",
      "security": [
        [
          "userToken"
        ]
      ],
      "requestMediaTypes": [
        "application/json"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /v1/metrics/list": {
      "operationId": "listMetrics",
      "security": [
        [
          "userToken"
        ]
      ],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {
        "query": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    },
    "DELETE /v1/metrics/list": {
      "operationId": "deleteMetrics",
      "security": [
        [
          "userToken"
        ]
      ],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {
        "query": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    }
  }
} as const satisfies ServiceMeta;

export type MetricsV1Region = "us-south" | "eu-gb" | "eu-de" | "au-syd";
export type MetricsV1ServerName = "public";
export type MetricsV1Credentials = {
  "userToken"?: SecretSource;
};
export type MetricsV1Bind = {
  "X-Auth-Scope-Id"?: string;
};
export type MetricsV1BoundParameter = "X-Auth-Scope-Id";
export type MetricsV1ClientOptions = ServiceClientOptions<MetricsV1Region, MetricsV1ServerName, MetricsV1Credentials, MetricsV1Bind>;
/** Item type of each operation that declares `x-pagination`: what `client.paginate(path)` yields. */
export type MetricsV1Pages = {};

/** Typed client for "Metrics" 1. */
export function createMetricsV1Client(options: MetricsV1ClientOptions = {}) {
  return createServiceClient<paths, MetricsV1BoundParameter, MetricsV1Pages>(metricsV1Service, options, () => import("./rules.js"));
}

export type MetricsV1Client = ReturnType<typeof createMetricsV1Client>;

/** A documented failure of this service: `ApiError<"operationId", status>` has that response's body type. */
export type ApiError<Op extends keyof operations = keyof operations, S extends ErrorStatus<operations, Op> = ErrorStatus<operations, Op>> = TypedApiError<operations, Op, S>;
/** `isApiError(e, "operationId", status)` narrows `e` to that documented failure. */
// Pure: an app that never calls it bundles neither it nor ApiError in its first load.
export const isApiError = /* @__PURE__ */ isApiErrorOf<operations>();
