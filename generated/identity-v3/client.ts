// Generated from openapi/identity-v3.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import { createServiceClient, type ServiceClientOptions } from "../../runtime/core/create-client.js";
import type { BasicCredentials, SecretSource } from "../../runtime/core/credentials.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { isApiErrorOf, type ErrorStatus, type TypedApiError } from "../../runtime/core/typed-errors.js";
import type { operations, paths } from "./types.js";

export type { components, operations, paths } from "./types.js";

/** Per-operation facts the runtime needs, extracted from the bundled document. */
export const identityV3Service = {
  "id": "identity-v3",
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
            "br-sao",
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
    "GET /oauth/v3/{tenantId}/userinfo": {
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
    "POST /oauth/v3/{tenantId}/userinfo": {
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
    "POST /oauth/v3/{tenantId}/activity_logging": {
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
    "POST /oauth/v3/{tenantId}/clients": {
      "operationId": "registerClient",
      "security": [],
      "requestMediaTypes": [
        "application/json",
        "application/x-www-form-urlencoded"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /oauth/v3/{tenantId}/authorization": {
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
        }
      }
    },
    "POST /oauth/v3/{tenantId}/token": {
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
    "POST /oauth/v3/{tenantId}/revoke": {
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
    "POST /oauth/v3/{tenantId}/introspect": {
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
    "OPTIONS /oauth/v3/{tenantId}/introspect": {
      "operationId": "preflightIntrospect",
      "security": [],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /oauth/v3/{tenantId}/publickeys": {
      "operationId": "getPublicKeys",
      "security": [],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /oauth/v3/{tenantId}/cloud_directory/generate_code": {
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
    "GET /oauth/v3/{tenantId}/.well-known/openid-configuration": {
      "operationId": "getOpenIdConfiguration",
      "security": [],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /oauth/v3/{tenantId}/cloud_directory/sso/logout": {
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

export type IdentityV3Region = "us-south" | "eu-de" | "eu-gb" | "jp-osa" | "br-sao" | "au-syd" | "jp-tok" | "ca-tor" | "us-east";
export type IdentityV3ServerName = "public";
export type IdentityV3Credentials = {
  "basicAuth"?: BasicCredentials;
  "bearerAuth"?: SecretSource;
};
export type IdentityV3Bind = {
  "tenantId"?: string;
};
export type IdentityV3BoundParameter = "tenantId";
export type IdentityV3ClientOptions = ServiceClientOptions<IdentityV3Region, IdentityV3ServerName, IdentityV3Credentials, IdentityV3Bind>;
/** Item type of each operation that declares `x-pagination`: what `client.paginate(path)` yields. */
export type IdentityV3Pages = {};

/** Typed client for "Identity and authorization service v3 (deprecated)" 5.1.0. */
export function createIdentityV3Client(options: IdentityV3ClientOptions = {}) {
  return createServiceClient<paths, IdentityV3BoundParameter, IdentityV3Pages>(identityV3Service, options, () => import("./rules.js"));
}

export type IdentityV3Client = ReturnType<typeof createIdentityV3Client>;

/** A documented failure of this service: `ApiError<"operationId", status>` has that response's body type. */
export type ApiError<Op extends keyof operations = keyof operations, S extends ErrorStatus<operations, Op> = ErrorStatus<operations, Op>> = TypedApiError<operations, Op, S>;
/** `isApiError(e, "operationId", status)` narrows `e` to that documented failure. */
// Pure: an app that never calls it bundles neither it nor ApiError in its first load.
export const isApiError = /* @__PURE__ */ isApiErrorOf<operations>();
