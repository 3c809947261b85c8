import type { CaseCatalogue, DocumentedCase, OperationOf } from "../harness/case-types.js";

/**
 * Interface document 1 (notification routing service v1), §4 "Per-operation response cases",
 * plus the statuses §5 and §7/§8 give for every operation (403, 408, 429, 503). Cases the
 * document does not list for an operation but which the OpenAPI document adds with an
 * `x-assumed` note say so in `source`.
 */
const INSTANCE_ID = "9de2c1f3-6a3b-4e5c-8d7f-1a2b3c4d5e6f";
const SOURCE_ID = "e7c3b3ee-78d9-4e02-95c3-c001a05e6ea5";
const TOPIC_ID = "f2c4c8a0-7e1b-4c3d-9a6e-2b5d8f1e3c7a";

const SEND = "POST /v1/instances/{instance_id}/notifications";
const CREATE_SOURCE = "POST /v1/instances/{instance_id}/sources";
const LIST_SOURCES = "GET /v1/instances/{instance_id}/sources";
const DELETE_SOURCE = "DELETE /v1/instances/{instance_id}/sources/{id}";
const UPDATE_SOURCE = "PATCH /v1/instances/{instance_id}/sources/{id}";
const CREATE_TOPIC = "POST /v1/instances/{instance_id}/topics";
const LIST_TOPICS = "GET /v1/instances/{instance_id}/topics";
const GET_TOPIC = "GET /v1/instances/{instance_id}/topics/{id}";
const REPLACE_TOPIC = "PUT /v1/instances/{instance_id}/topics/{id}";
const DELETE_TOPIC = "DELETE /v1/instances/{instance_id}/topics/{id}";
const CREATE_TEMPLATE = "POST /v1/instances/{instance_id}/templates";
const LIST_TEMPLATES = "GET /v1/instances/{instance_id}/templates";

/** One fully valid request per operation (Prism validates it before honouring Prefer). */
const requests: Record<OperationOf<"notifications-v1">, NonNullable<DocumentedCase["request"]>> = {
  [SEND]: {
    body: {
      id: "b2198eb8-04b1-48ec-a78c-ee87694dd845",
      type: "com.example.certificate.expiring",
      source: "apisource/certificate-manager",
      time: "2026-11-20T10:15:00Z",
      svcensourceid: `${SOURCE_ID}:api`,
      svcendefaultshort: "Certificate expiring",
      svcendefaultlong: "The certificate for api.example.com expires in 7 days.",
      specversion: "1.0",
      svcenpushto: JSON.stringify({ platforms: ["push_mobile_1"] }),
      svcenmailto: JSON.stringify(["ops@example.com"]),
    },
  },
  [CREATE_SOURCE]: { body: { name: "CI pipeline", description: "Build and deploy events" } },
  [LIST_SOURCES]: { params: { query: { limit: 10, offset: 0 } } },
  [DELETE_SOURCE]: { params: { path: { id: SOURCE_ID } } },
  [UPDATE_SOURCE]: { params: { path: { id: SOURCE_ID } }, body: { enabled: false } },
  [CREATE_TOPIC]: {
    body: {
      name: "Build failures",
      // `enabled` left out: it defaults to true (issue 14 item 14).
      sources: [{ id: SOURCE_ID, rules: [{ event_type_filter: "$.*" }] }],
    },
  },
  [LIST_TOPICS]: { params: { query: { search: "build" } } },
  [GET_TOPIC]: { params: { path: { id: TOPIC_ID } } },
  [REPLACE_TOPIC]: { params: { path: { id: TOPIC_ID } }, body: { name: "Build failures", description: "All CI events" } },
  [DELETE_TOPIC]: { params: { path: { id: TOPIC_ID } } },
  [CREATE_TEMPLATE]: {
    body: { name: "Expiry mail ", type: "smtp_custom.invitation", params: { body: "PGgxPkhpPC9oMT4=", subject: "Hi" } },
  },
  [LIST_TEMPLATES]: { params: { query: { offset: 10, limit: 100 } } },
};

type Row = [operation: OperationOf<"notifications-v1">, status: number, example: string | undefined, source: string];

/** §4 per-operation table, in its order; the operation names are the document's. */
const listed: Row[] = [
  [SEND, 202, "notificationSent", "§4 Send a notification: created (the real service answers 202; x-assumed)"],
  [SEND, 400, "incorrectJson", "§4 Send a notification: 400 (§7 incorrect_json)"],
  [SEND, 401, "unauthorized", "§4 Send a notification: 401 (§7 unauthorized)"],
  [SEND, 415, "mediaTypeError", "§4 Send a notification: 415 (§7 media_type_error)"],
  [SEND, 500, "internalServerError", "§4 Send a notification: 500 (§7 cnfser01)"],

  [CREATE_SOURCE, 201, "sourceCreated", "§4 Create source: created"],
  [CREATE_SOURCE, 400, "incorrectJson", "§4 Create source: 400"],
  [CREATE_SOURCE, 401, "unauthorized", "§4 Create source: 401"],
  [CREATE_SOURCE, 404, "notFound", "§4 Create source: 404 (§7 not_found)"],
  [CREATE_SOURCE, 409, "sourceConflict", "§4 Create source: 409 duplicate source (§7 source_conflict)"],
  [CREATE_SOURCE, 415, "mediaTypeError", "§4 Create source: 415"],
  [CREATE_SOURCE, 500, "internalServerError", "§4 Create source: 500"],

  [LIST_SOURCES, 200, "sourcesListed", "§4 List sources: listed"],
  [LIST_SOURCES, 401, "unauthorized", "§4 List sources: 401"],
  [LIST_SOURCES, 404, "notFound", "§4 List sources: 404"],
  [LIST_SOURCES, 500, "internalServerError", "§4 List sources: 500"],

  [DELETE_SOURCE, 204, undefined, "§4 Delete source: 204, no content"],
  [DELETE_SOURCE, 401, "unauthorized", "§4 Delete source: 401"],
  [DELETE_SOURCE, 404, "notFound", "§4 Delete source: 404"],
  [DELETE_SOURCE, 500, "internalServerError", "§4 Delete source: 500"],

  [UPDATE_SOURCE, 200, "sourceUpdated", "§4 Update source: updated"],
  [UPDATE_SOURCE, 400, "incorrectJson", "§4 Update source: 400"],
  [UPDATE_SOURCE, 401, "unauthorized", "§4 Update source: 401"],
  [UPDATE_SOURCE, 404, "notFound", "§4 Update source: 404"],
  [UPDATE_SOURCE, 409, "sourceConflict", "§4 Update source: 409 (§7 source_conflict, duplicate source name)"],
  [UPDATE_SOURCE, 415, "mediaTypeError", "§4 Update source: 415"],
  [UPDATE_SOURCE, 500, "internalServerError", "§4 Update source: 500"],

  [CREATE_TOPIC, 201, "topicCreated", "§4 Create topic: created"],
  [CREATE_TOPIC, 400, "incorrectJson", "§4 Create topic: 400"],
  [CREATE_TOPIC, 401, "unauthorized", "§4 Create topic: 401"],
  [CREATE_TOPIC, 404, "notFound", "§4 Create topic: 404"],
  [CREATE_TOPIC, 409, "topicConflict", "§4 Create topic: 409 duplicate topic (§7 topic_conflict)"],
  [CREATE_TOPIC, 415, "mediaTypeError", "§4 Create topic: 415"],
  [CREATE_TOPIC, 500, "internalServerError", "§4 Create topic: 500"],

  [LIST_TOPICS, 200, "topicsListed", "§4 List topics: listed"],
  [LIST_TOPICS, 401, "unauthorized", "§4 List topics: 401"],
  [LIST_TOPICS, 500, "internalServerError", "§4 List topics: 500"],

  [GET_TOPIC, 200, "topicReturned", "§4 Get topic: topic returned"],

  [REPLACE_TOPIC, 200, "topicReplaced", "§4 Replace topic: replaced"],
  [REPLACE_TOPIC, 400, "incorrectJson", "§4 Replace topic: 400"],
  [REPLACE_TOPIC, 401, "unauthorized", "§4 Replace topic: 401"],
  [REPLACE_TOPIC, 404, "notFound", "§4 Replace topic: 404"],
  [REPLACE_TOPIC, 409, "topicConflict", "§4 Replace topic: 409 (§7 topic_conflict, duplicate topic name)"],
  [REPLACE_TOPIC, 415, "mediaTypeError", "§4 Replace topic: 415"],
  [REPLACE_TOPIC, 500, "internalServerError", "§4 Replace topic: 500"],

  [DELETE_TOPIC, 204, undefined, "§4 Delete topic: 204, no content"],
  [DELETE_TOPIC, 401, "unauthorized", "§4 Delete topic: 401"],
  [DELETE_TOPIC, 404, "notFound", "§4 Delete topic: 404"],
  [DELETE_TOPIC, 500, "internalServerError", "§4 Delete topic: 500"],

  [CREATE_TEMPLATE, 201, "templateCreated", "§4 Create template: created"],
  [CREATE_TEMPLATE, 400, "incorrectJson", "§4 Create template: 400"],
  [CREATE_TEMPLATE, 401, "unauthorized", "§4 Create template: 401"],
  [CREATE_TEMPLATE, 415, "mediaTypeError", "§4 Create template: 415"],
  [CREATE_TEMPLATE, 500, "internalServerError", "§4 Create template: 500"],

  [LIST_TEMPLATES, 200, "templatesListed", "§4 List templates: listed"],
  [LIST_TEMPLATES, 401, "unauthorized", "§4 List templates: 401"],
  [LIST_TEMPLATES, 500, "internalServerError", "§4 List templates: 500"],
];

/** Cases the §4 table does not list for the operation, added with an x-assumed note. */
const assumed: Row[] = [
  [LIST_SOURCES, 400, "incorrectJson", "§4 list query rules + §7 400 incorrect_json (x-assumed for this operation)"],
  [LIST_TOPICS, 400, "incorrectJson", "§4 list query rules + §7 400 incorrect_json (x-assumed for this operation)"],
  [LIST_TEMPLATES, 400, "incorrectJson", "§4 list query rules + §7 400 incorrect_json (x-assumed for this operation)"],
  [DELETE_SOURCE, 400, "incorrectJson", "§4 source id rule + §7 400 incorrect_json (x-assumed for this operation)"],
  [DELETE_TOPIC, 400, "incorrectJson", "§4 topic id rule + §7 400 incorrect_json (x-assumed for this operation)"],
  [GET_TOPIC, 400, "incorrectJson", "§4 Get topic: other cases not shown; 400 as for replace topic (x-assumed)"],
  [GET_TOPIC, 401, "unauthorized", "§4 Get topic: other cases not shown; §5.3 401 for every request (x-assumed)"],
  [GET_TOPIC, 404, "notFound", "§4 Get topic: other cases not shown; 404 as for replace topic (x-assumed)"],
  [GET_TOPIC, 500, "internalServerError", "§4 Get topic: other cases not shown; 500 as for replace topic (x-assumed)"],
];

const everyOperation: OperationOf<"notifications-v1">[] = [
  SEND, CREATE_SOURCE, LIST_SOURCES, DELETE_SOURCE, UPDATE_SOURCE, CREATE_TOPIC,
  LIST_TOPICS, GET_TOPIC, REPLACE_TOPIC, DELETE_TOPIC, CREATE_TEMPLATE, LIST_TEMPLATES,
];

/** Statuses the document gives for every request rather than per operation. */
const general: [status: number, example: string, source: string][] = [
  [403, "forbidden", "§5.3 insufficient authorization may give 403 (§7; code x-assumed)"],
  [408, "requestTimeout", "§7 408 request timeout (code x-assumed)"],
  [429, "tooManyRequests", "§8 request rate 1000 calls per second; beyond it 429 (code x-assumed)"],
  [503, "serviceUnavailable", "§7 503 service temporarily unavailable (code x-assumed)"],
];

const rows: Row[] = [
  ...listed,
  ...assumed,
  ...everyOperation.flatMap((op) => general.map(([status, example, source]): Row => [op, status, example, source])),
];

export default {
  service: "notifications-v1",
  client: {
    credentials: { bearerAuth: "eyJraWQiOiJpYW0ifQ.eyJzdWIiOiJ0ZXN0In0.c2ln" },
    bind: { instance_id: INSTANCE_ID },
  },
  cases: rows.map(([operation, status, example, source]) => ({
    source,
    operation,
    status,
    ...(example ? { example } : {}),
    request: requests[operation]!,
  })),
} satisfies CaseCatalogue<"notifications-v1">;
