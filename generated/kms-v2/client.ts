// Generated from openapi/kms-v2.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import { createServiceClient, type ServiceClientOptions } from "../../runtime/core/create-client.js";
import type { BasicCredentials, SecretSource } from "../../runtime/core/credentials.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { isApiErrorOf, type ErrorStatus, type TypedApiError } from "../../runtime/core/typed-errors.js";
import type { operations, paths } from "./types.js";

export type { components, operations, paths } from "./types.js";

/** Per-operation facts the runtime needs, extracted from the bundled document. */
export const kmsV2Service = {
  "id": "kms-v2",
  "servers": [
    {
      "name": "public",
      "url": "https://{region}.kms.example.com",
      "variables": {
        "region": {
          "default": "us-south",
          "enum": [
            "us-south",
            "us-east",
            "eu-gb",
            "eu-de",
            "eu-es",
            "au-syd",
            "jp-tok",
            "jp-osa",
            "ca-tor",
            "br-sao",
            "ca-mon",
            "in-che",
            "in-mum"
          ]
        }
      },
      "placeholder": true
    }
  ],
  "bind": [
    {
      "name": "svc-instance",
      "in": "header"
    },
    {
      "name": "X-Kms-Key-Ring",
      "in": "header"
    }
  ],
  "securitySchemes": {
    "bearerAuth": {
      "type": "http",
      "scheme": "bearer"
    }
  },
  "operations": {
    "GET /api/v2/keys": {
      "operationId": "listKeys",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "pagination": {
        "offsetParam": "offset",
        "limitParam": "limit",
        "items": "/resources",
        "pageCount": "/metadata/collectionTotal",
        "last": "/metadata/incompleteSearch",
        "itemsMayBeAbsent": true
      },
      "retry": {
        "statuses": [
          429
        ],
        "maxAttempts": 5,
        "backoffMs": 1000,
        "maxWaitMs": 30000
      },
      "query": {
        "limit": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "offset": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "state": {
          "style": "form",
          "explode": false,
          "shape": "array"
        },
        "extractable": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "search": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "sort": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "filter": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    },
    "POST /api/v2/keys": {
      "operationId": "createKey",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [
        "application/vnd.svc.kms.key+json",
        "application/json"
      ],
      "parseAs": "json",
      "redirect": "error",
      "retry": {
        "statuses": [
          409,
          429
        ],
        "except": {
          "409": {
            "reasonAt": "/resources/0/reasons/0/code",
            "reasons": [
              "KEY_ALIAS_NOT_UNIQUE_ERR",
              "KEY_CREATE_IMPORT_ACCESS_ERR"
            ]
          }
        },
        "maxAttempts": 5,
        "backoffMs": 1000,
        "maxWaitMs": 30000
      },
      "query": {}
    },
    "HEAD /api/v2/keys": {
      "operationId": "getKeyTotal",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "retry": {
        "statuses": [
          429
        ],
        "maxAttempts": 5,
        "backoffMs": 1000,
        "maxWaitMs": 30000
      },
      "query": {
        "state": {
          "style": "form",
          "explode": false,
          "shape": "array"
        },
        "extractable": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "filter": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    }
  }
} as const satisfies ServiceMeta;

export type KmsV2Region = "us-south" | "us-east" | "eu-gb" | "eu-de" | "eu-es" | "au-syd" | "jp-tok" | "jp-osa" | "ca-tor" | "br-sao" | "ca-mon" | "in-che" | "in-mum";
export type KmsV2ServerName = "public";
export type KmsV2Credentials = {
  "bearerAuth"?: SecretSource;
};
export type KmsV2Bind = {
  "svc-instance"?: string;
  "X-Kms-Key-Ring"?: string;
};
export type KmsV2BoundParameter = "svc-instance" | "X-Kms-Key-Ring";
export type KmsV2ClientOptions = ServiceClientOptions<KmsV2Region, KmsV2ServerName, KmsV2Credentials, KmsV2Bind>;
/** Item type of each operation that declares `x-pagination`: what `client.paginate(path)` yields. */
export type KmsV2Pages = {
  "/api/v2/keys": NonNullable<paths["/api/v2/keys"]["get"]["responses"][200]["content"]["application/vnd.svc.collection+json"]["resources"]>[number];
};

/** Typed client for "Key management" 2. */
export function createKmsV2Client(options: KmsV2ClientOptions = {}) {
  return createServiceClient<paths, KmsV2BoundParameter, KmsV2Pages>(kmsV2Service, options, () => import("./rules.js"));
}

export type KmsV2Client = ReturnType<typeof createKmsV2Client>;

/** A documented failure of this service: `ApiError<"operationId", status>` has that response's body type. */
export type ApiError<Op extends keyof operations = keyof operations, S extends ErrorStatus<operations, Op> = ErrorStatus<operations, Op>> = TypedApiError<operations, Op, S>;
/** `isApiError(e, "operationId", status)` narrows `e` to that documented failure. */
// Pure: an app that never calls it bundles neither it nor ApiError in its first load.
export const isApiError = /* @__PURE__ */ isApiErrorOf<operations>();
