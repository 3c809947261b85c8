// Generated from openapi/notifications-v1.yaml by scripts/build.ts. Do not edit: change the document and run `npm run build`.

import { createServiceClient, type ServiceClientOptions } from "../../runtime/core/create-client.js";
import type { BasicCredentials, SecretSource } from "../../runtime/core/credentials.js";
import type { ServiceMeta } from "../../runtime/core/service-meta.js";
import { isApiErrorOf, type ErrorStatus, type TypedApiError } from "../../runtime/core/typed-errors.js";
import type { operations, paths } from "./types.js";

export type { components, operations, paths } from "./types.js";

/** Per-operation facts the runtime needs, extracted from the bundled document. */
export const notificationsV1Service = {
  "id": "notifications-v1",
  "servers": [
    {
      "name": "public",
      "url": "https://{region}.event-notifications.example.com/event-notifications",
      "variables": {
        "region": {
          "default": "us-south",
          "enum": [
            "us-south",
            "eu-gb",
            "au-syd",
            "eu-de"
          ]
        }
      },
      "placeholder": true
    },
    {
      "name": "private",
      "url": "https://private.{region}.event-notifications.example.com/event-notifications",
      "variables": {
        "region": {
          "default": "us-south",
          "enum": [
            "us-south",
            "eu-gb",
            "au-syd",
            "eu-de"
          ]
        }
      },
      "placeholder": true
    }
  ],
  "bind": [
    {
      "name": "instance_id",
      "in": "path"
    }
  ],
  "securitySchemes": {
    "bearerAuth": {
      "type": "http",
      "scheme": "bearer"
    }
  },
  "operations": {
    "POST /v1/instances/{instance_id}/notifications": {
      "operationId": "sendNotifications",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [
        "application/json"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /v1/instances/{instance_id}/sources": {
      "operationId": "listSources",
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
        "items": "/sources",
        "total": "/total_count",
        "next": "/next/href"
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
        "search": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    },
    "POST /v1/instances/{instance_id}/sources": {
      "operationId": "createSource",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [
        "application/json"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "DELETE /v1/instances/{instance_id}/sources/{id}": {
      "operationId": "deleteSource",
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
    "PATCH /v1/instances/{instance_id}/sources/{id}": {
      "operationId": "updateSource",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [
        "application/json"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /v1/instances/{instance_id}/topics": {
      "operationId": "listTopics",
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
        "items": "/topics",
        "total": "/total_count",
        "next": "/next/href"
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
        "search": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    },
    "POST /v1/instances/{instance_id}/topics": {
      "operationId": "createTopic",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [
        "application/json"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "GET /v1/instances/{instance_id}/topics/{id}": {
      "operationId": "getTopic",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [],
      "parseAs": "json",
      "redirect": "error",
      "query": {
        "include": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    },
    "PUT /v1/instances/{instance_id}/topics/{id}": {
      "operationId": "replaceTopic",
      "security": [
        [
          "bearerAuth"
        ]
      ],
      "requestMediaTypes": [
        "application/json"
      ],
      "parseAs": "json",
      "redirect": "error",
      "query": {}
    },
    "DELETE /v1/instances/{instance_id}/topics/{id}": {
      "operationId": "deleteTopic",
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
    "GET /v1/instances/{instance_id}/templates": {
      "operationId": "listTemplates",
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
        "items": "/templates",
        "total": "/total_count",
        "next": "/next/href"
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
        "search": {
          "style": "form",
          "explode": true,
          "shape": "scalar"
        }
      }
    },
    "POST /v1/instances/{instance_id}/templates": {
      "operationId": "createTemplate",
      "security": [
        [
          "bearerAuth"
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

export type NotificationsV1Region = "us-south" | "eu-gb" | "au-syd" | "eu-de";
export type NotificationsV1ServerName = "public" | "private";
export type NotificationsV1Credentials = {
  "bearerAuth"?: SecretSource;
};
export type NotificationsV1Bind = {
  "instance_id"?: string;
};
export type NotificationsV1BoundParameter = "instance_id";
export type NotificationsV1ClientOptions = ServiceClientOptions<NotificationsV1Region, NotificationsV1ServerName, NotificationsV1Credentials, NotificationsV1Bind>;
/** Item type of each operation that declares `x-pagination`: what `client.paginate(path)` yields. */
export type NotificationsV1Pages = {
  "/v1/instances/{instance_id}/sources": NonNullable<paths["/v1/instances/{instance_id}/sources"]["get"]["responses"][200]["content"]["application/json"]["sources"]>[number];
  "/v1/instances/{instance_id}/topics": NonNullable<paths["/v1/instances/{instance_id}/topics"]["get"]["responses"][200]["content"]["application/json"]["topics"]>[number];
  "/v1/instances/{instance_id}/templates": NonNullable<paths["/v1/instances/{instance_id}/templates"]["get"]["responses"][200]["content"]["application/json"]["templates"]>[number];
};

/** Typed client for "Notification routing service" 4.0.0. */
export function createNotificationsV1Client(options: NotificationsV1ClientOptions = {}) {
  return createServiceClient<paths, NotificationsV1BoundParameter, NotificationsV1Pages>(notificationsV1Service, options, () => import("./rules.js"));
}

export type NotificationsV1Client = ReturnType<typeof createNotificationsV1Client>;

/** A documented failure of this service: `ApiError<"operationId", status>` has that response's body type. */
export type ApiError<Op extends keyof operations = keyof operations, S extends ErrorStatus<operations, Op> = ErrorStatus<operations, Op>> = TypedApiError<operations, Op, S>;
/** `isApiError(e, "operationId", status)` narrows `e` to that documented failure. */
// Pure: an app that never calls it bundles neither it nor ApiError in its first load.
export const isApiError = /* @__PURE__ */ isApiErrorOf<operations>();
