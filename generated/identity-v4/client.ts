// Generated from openapi/identity-v4.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import { createServiceClient, type ServiceClientOptions } from "../../runtime/core/create-client.js";
import type { BasicCredentials, SecretSource } from "../../runtime/core/credentials.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { isApiErrorOf, type ErrorStatus, type TypedApiError } from "../../runtime/core/typed-errors.js";
import type { operations, paths } from "./types.js";

export type { components, operations, paths } from "./types.js";

/** Per-operation facts the runtime needs, extracted from the bundled document. */
export const identityV4Service = {
  "id": "identity-v4",
  "servers": [
    {
      "name": "public",
      "url": "https://{region}.identity.example.com",
      "variables": {
        "region": {
          "default": "us-south",
          "enum": [
            "us-south",
            "eu-de",
            "eu-gb",
            "jp-osa",
            "au-syd",
            "jp-tok",
            "ca-tor",
            "us-east"
          ]
        }
      },
      "placeholder": true
    }
  ],
  "bind": [
    {
      "name": "tenantId",
      "in": "path"
    }
  ],
  "securitySchemes": {
    "basicAuth": {
      "type": "http",
      "scheme": "basic"
    },
    "bearerAuth": {
      "type": "http",
      "scheme": "bearer"
    }
  },
  "operations": {
    "GET /oauth/v4/{tenantId}/userinfo": {
      "operationId": "getUserInfo",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "POST /oauth/v4/{tenantId}/userinfo": {
      "operationId": "postUserInfo",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [
        "application/json",
        "application/x-www-form-urlencoded"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "POST /oauth/v4/{tenantId}/activity_logging": {
      "operationId": "logUserActivity",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [
        "application/json",
        "application/x-www-form-urlencoded"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /oauth/v4/{tenantId}/authorization": {
      "operationId": "authorize",
      "security": [],
      "requestMediaTypes": [],
      "parseAs": "text",
      "redirect": "manual",
      "query": {
        "response_type": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "client_id": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "redirect_uri": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "scope": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "state": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "idp": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "nonce": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "authsvc_access_token": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "user_id": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "code": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "language": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "response_mode": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "prompt": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "code_challenge": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "code_challenge_method": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    },
    "POST /oauth/v4/{tenantId}/token": {
      "operationId": "requestTokens",
      "security": [
        [
          "basicAuth"
        ],
        []
      ],
      "requestMediaTypes": [
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "application/json"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {
        "nonce": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    },
    "POST /oauth/v4/{tenantId}/revoke": {
      "operationId": "revokeRefreshToken",
      "security": [
        [
          "basicAuth"
        ],
        []
      ],
      "requestMediaTypes": [
        "application/x-www-form-urlencoded",
        "multipart/form-data"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "POST /oauth/v4/{tenantId}/introspect": {
      "operationId": "introspectToken",
      "security": [
        [
          "basicAuth"
        ],
        []
      ],
      "requestMediaTypes": [
        "application/x-www-form-urlencoded",
        "multipart/form-data"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "OPTIONS /oauth/v4/{tenantId}/introspect": {
      "operationId": "preflightIntrospect",
      "security": [],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /oauth/v4/{tenantId}/publickeys": {
      "operationId": "getPublicKeys",
      "security": [],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /oauth/v4/{tenantId}/cloud_directory/generate_code": {
      "operationId": "generateTemporaryCode",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [],
      "parseAs": "text",
      "redirect": "error",
      "query": {}
    },
    "GET /oauth/v4/{tenantId}/cloud_directory/sso/logout": {
      "operationId": "logoutSso",
      "security": [],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "manual",
      "query": {
        "client_id": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "redirect_uri": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        },
        "all_sessions": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    }
  }
} as const satisfies ServiceMeta;

export type IdentityV4Region = "us-south" | "eu-de" | "eu-gb" | "jp-osa" | "au-syd" | "jp-tok" | "ca-tor" | "us-east";
export type IdentityV4ServerName = "public";
export type IdentityV4Credentials = {
  "basicAuth"?: BasicCredentials;
  "bearerAuth"?: SecretSource;
};
export type IdentityV4Bind = {
  "tenantId"?: string;
};
export type IdentityV4BoundParameter = "tenantId";
export type IdentityV4ClientOptions = ServiceClientOptions<IdentityV4Region, IdentityV4ServerName, IdentityV4Credentials, IdentityV4Bind>;
/** Item type of each operation that declares `x-pagination`: what `client.paginate(path)` yields. */
export type IdentityV4Pages = {};

/** Typed client for "Identity and authorization service v4" 6.0.0. */
export function createIdentityV4Client(options: IdentityV4ClientOptions = {}) {
  return createServiceClient<paths, IdentityV4BoundParameter, IdentityV4Pages>(identityV4Service, options, () => import("./rules.js"));
}

export type IdentityV4Client = ReturnType<typeof createIdentityV4Client>;

/** A documented failure of this service: `ApiError<"operationId", status>` has that response's body type. */
export type ApiError<Op extends keyof operations = keyof operations, S extends ErrorStatus<operations, Op> = ErrorStatus<operations, Op>> = TypedApiError<operations, Op, S>;
/** `isApiError(e, "operationId", status)` narrows `e` to that documented failure. */
// Pure: an app that never calls it bundles neither it nor ApiError in its first load.
export const isApiError = /* @__PURE__ */ isApiErrorOf<operations>();
