/**
 * The OpenAPI 3.1 description of the emulators' control API (runtime/emulator/control.ts), shipped
 * in the package (`CONTROL_API_DOCUMENT` of `cloud-interfaces/emulator`). Plain data, no
 * top-level await; test/emulator/control-document.test.ts lints it with the project's Redocly
 * and Spectral rules and checks that it lists exactly the routes the handler serves.
 */
import { MAX_GENERATE } from "./generate.js";

/**
 * One named example. Typed as a record: an object literal with a computed key (`{ [name]: … }`)
 * would be declared in the shipped .d.ts as `{ [name]: … }`, naming a variable the declaration
 * file does not have (TS2464 in every consumer that checks library declarations).
 */
const named = <T>(name: string, example: T): Record<string, T> => ({ [name]: example });

const problem = (description: string, name: string, status: number, kind: string, detail: string, field?: string) => ({
  description,
  content: {
    "application/problem+json": {
      schema: { $ref: "#/components/schemas/Problem" },
      examples: named(name, { summary: description, value: { type: `urn:cloud-interfaces:control:${kind}`, title: description, status, detail, ...(field ? { field } : {}) } }),
    },
  },
});

const refusals = {
  "403": problem("Forbidden", "notLoopback", 403, "forbidden", "the control API answers loopback clients only (start the emulator with --control any, or the option control: \"any\", to open it)"),
  "500": problem("Internal Server Error", "internal", 500, "internal", "the control API failed while answering; the server's log has the cause"),
};
const invalid = (detail: string, field: string) => ({ "400": problem("Bad Request", "invalid", 400, "invalid", detail, field) });
const jsonBody = (schema: string, name: string, value: unknown) => ({
  required: true,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${schema}` }, examples: named(name, { summary: name, value }) } },
});
const tooLarge = { "413": problem("Content Too Large", "tooLarge", 413, "body-too-large", "body: more than 16384 bytes, over 16384 bytes (rule at most 16384 bytes)", "(body)") };
const mediaType = { "415": problem("Unsupported Media Type", "notJson", 415, "media-type", 'Content-Type: must be application/json, got "text/plain"', "Content-Type") };
const clockAnswer = (name: string, now: string, running: boolean) => ({
  "200": { description: "The clock now", content: { "application/json": { schema: { $ref: "#/components/schemas/Clock" }, examples: named(name, { summary: "The clock", value: { now, running } }) } } },
});
const NO_AUTH = "The control API has no credentials by design: it answers loopback clients only unless the emulator is started with --control any, as WireMock's /__admin does.";
/** Rules of the OWASP ruleset that ask what a loopback test tool does not have, with the reason (openapi/CONVENTIONS.md: in-document exceptions). */
const ROOT_EXCEPTIONS = {
  "owasp:api2:2023-write-restricted": NO_AUTH,
  "owasp:api2:2023-read-restricted": NO_AUTH,
  "owasp:api8:2023-define-error-responses-401": `${NO_AUTH} No request is refused for credentials, so there is no 401 to describe.`,
  "owasp:api4:2023-rate-limit-responses-429": "The control API never answers 429: it has no rate limit (see owasp:api4:2023-rate-limit).",
  "owasp:api4:2023-string-restricted": "Free text the emulator writes or records as received (messages, paths, operation and service names): bounded by maxLength, no pattern to state.",
  "owasp:api4:2023-rate-limit": "The control API has no rate limit: one test drives it, and each answer is bounded (body limits, counts, caps).",
  "owasp:api8:2023-no-server-http": "The emulator listens on loopback over plain HTTP, as the test suites that start it expect; it is never a public server.",
};

const SNAPSHOT_EXAMPLE = {
  format: "cloud-interfaces/emulator-state",
  version: 1,
  service: "example-v1",
  draws: 48,
  state: { partitions: { $map: [["", { records: { $map: [["thing", { $map: [["0f0e0d0c-0b0a-4908-8706-050403020100", { id: "0f0e0d0c-0b0a-4908-8706-050403020100", name: "first" }]] }]] } }]] } },
};

export const CONTROL_API_DOCUMENT = {
  openapi: "3.1.0",
  jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
  info: {
    title: "Emulator control API",
    version: "1.0.0",
    description:
      "What a test in any language uses to drive a stateful emulator (`cloud-interfaces mock <id> --stateful`, `startMock(id, { stateful: true })`, `serveHandler(emulator)`): on the emulator's own port under the reserved prefix `/__emulator`, answered to loopback clients only unless the emulator is started with `--control any` (`--control off` turns it off). Errors are RFC 9457 problem details whose `field` names what was wrong. The same operations exist in process on every handle: `requests`, `clearRequests()`, `reset()`, `snapshot()`, `restore()`, `generate()`, `readClock()`, `setClock()`, `advanceClock()`.",
    license: { name: "MIT", identifier: "MIT" },
    contact: { name: "cloud-interfaces", url: "https://example.com/cloud-interfaces" },
  },
  "x-lint-exceptions": ROOT_EXCEPTIONS,
  servers: [{ url: "http://127.0.0.1:4010", description: "A local emulator started with `cloud-interfaces mock <id> --stateful` (its default port)", "x-internal": true }],
  security: [],
  tags: [
    { name: "Record", description: "The requests the emulator received" },
    { name: "State", description: "The emulator's state: reset, export, import, volume data" },
    { name: "Clock", description: "The clock every time-dependent behaviour reads" },
  ],
  paths: {
    "/__emulator/requests": {
      get: {
        operationId: "listRequests",
        security: [],
        summary: "The requests received",
        description: "The newest requests since the start or the last reset (at most the emulator's record limit, default 1,000), oldest first; `dropped` counts the older ones not kept. Control requests are not recorded.",
        tags: ["Record"],
        parameters: [{ name: "operation", in: "query", required: false, description: "Only the requests that addressed this operationId", schema: { type: "string", maxLength: 200, pattern: "^[A-Za-z0-9_.-]+$" }, example: "createThing" }],
        responses: {
          "200": {
            description: "The record",
            content: {
              "application/json": {
                schema: { $ref: "#/components/schemas/RequestRecord" },
                examples: { one: { summary: "One create", value: { requests: [{ method: "POST", path: "/things", operation: "createThing", status: 201, violations: [] }], dropped: 0 } } },
              },
            },
          },
          ...invalid("query parameter page: not a parameter of this control operation (operation)", "page"),
          ...refusals,
        },
      },
      delete: {
        operationId: "clearRequests",
        summary: "Empty the record",
        description: "Empties the request record only; the state and the clock stay.",
        tags: ["Record"],
        security: [],
        responses: { "204": { description: "Emptied" }, ...invalid("(body): DELETE /__emulator/requests takes no body", "(body)"), ...refusals },
      },
    },
    "/__emulator/reset": {
      post: {
        operationId: "reset",
        summary: "Back to the start",
        description: "The starting world again (as at start, seeded the same), the request record emptied, the clock back to real time.",
        tags: ["State"],
        security: [],
        responses: { "204": { description: "Reset" }, ...invalid("(body): POST /__emulator/reset takes no body", "(body)"), ...refusals },
      },
    },
    "/__emulator/state": {
      get: {
        operationId: "getState",
        security: [],
        summary: "Export the state",
        description: "The whole state as versioned JSON: maps as `{\"$map\": [[key, value], ...]}` in their order, sets as `{\"$set\": [...]}`. What is derived (caps, byte counts, indexes, the starting world) and what is not data (key handles) is left out. The same state gives the same text.",
        tags: ["State"],
        responses: {
          "200": { description: "The state", content: { "application/json": { schema: { $ref: "#/components/schemas/Snapshot" }, examples: { one: { summary: "One record", value: SNAPSHOT_EXAMPLE } } } } },
          ...invalid("query parameter x: not a parameter of this control operation", "x"),
          ...refusals,
        },
      },
      put: {
        operationId: "putState",
        summary: "Import a state",
        description: "Replaces the state with one `GET /__emulator/state` gave (this emulator's service, format version 1). A state that is malformed, of another service or past the emulator's caps is refused whole, naming the field; the state stays as it was. At most 32 MiB.",
        tags: ["State"],
        security: [],
        requestBody: jsonBody("Snapshot", "one", SNAPSHOT_EXAMPLE),
        responses: {
          "204": { description: "Imported" },
          ...invalid("service: this is the example-v1 emulator; the snapshot is of \"other-v1\"", "service"),
          "413": problem("Content Too Large", "tooLarge", 413, "body-too-large", "body: more than 33554432 bytes (rule at most 33554432 bytes)", "(body)"),
          ...mediaType,
          ...refusals,
        },
      },
    },
    "/__emulator/generate": {
      post: {
        operationId: "generate",
        summary: "Make records",
        description: `Makes \`count\` records of an \`x-resource\` from its create operation's request schema (required fields, defaults, formats; references name records the partition holds; unique fields unlike every other), completed as the create completes them (ids, dates from the emulator's clock). The same under the same \`--seed\`. All or none: a count past the resource's cap, an unknown resource or partition is refused and nothing is made. At most ${MAX_GENERATE} a request.`,
        tags: ["State"],
        security: [],
        requestBody: jsonBody("Generate", "things", { resource: "thing", count: 500, partition: { tenant: "tenant-1" } }),
        responses: {
          "201": { description: "Made", content: { "application/json": { schema: { $ref: "#/components/schemas/Generated" }, examples: { things: { summary: "500 made", value: { created: 500 } } } } } },
          ...invalid('resource: no x-resource "nope" with a create operation; known: thing, group', "resource"),
          ...tooLarge,
          ...mediaType,
          ...refusals,
        },
      },
    },
    "/__emulator/clock": {
      get: {
        operationId: "getClock",
        security: [],
        summary: "Read the clock",
        description: "The emulator's time, and whether it runs (real time moves it) or stands still where it was set.",
        tags: ["Clock"],
        responses: { ...clockAnswer("real", "2026-11-29T01:00:00.000Z", true), ...invalid("query parameter x: not a parameter of this control operation", "x"), ...refusals },
      },
      put: {
        operationId: "setClock",
        summary: "Set the clock",
        description: "Sets the clock to an instant; it stands still there (`running` false, the default) until moved or set again, or runs on from it (`running` true). Creation dates, token and code lifetimes, rate windows and Retry-After read it.",
        tags: ["Clock"],
        security: [],
        requestBody: jsonBody("ClockSetting", "fixed", { now: "2030-01-01T00:00:00Z" }),
        responses: { ...clockAnswer("fixed", "2030-01-01T00:00:00.000Z", false), ...invalid('now: required, an RFC 3339 date-time with its offset ("2030-01-01T00:00:00Z")', "now"), ...tooLarge, ...mediaType, ...refusals },
      },
    },
    "/__emulator/clock/advance": {
      post: {
        operationId: "advanceClock",
        summary: "Move the clock",
        description: "Moves the clock by a number of seconds (negative goes back); a clock that stands still stays still at the new instant.",
        tags: ["Clock"],
        security: [],
        requestBody: jsonBody("ClockAdvance", "hour", { seconds: 3600 }),
        responses: { ...clockAnswer("moved", "2030-01-01T01:00:00.000Z", false), ...invalid("seconds: required, a number of seconds", "seconds"), ...tooLarge, ...mediaType, ...refusals },
      },
    },
  },
  components: {
    schemas: {
      Problem: {
        type: "object",
        description: "RFC 9457 problem details",
        required: ["type", "title", "status", "detail"],
        properties: {
          type: { type: "string", maxLength: 100, description: "urn:cloud-interfaces:control:<kind>" },
          title: { type: "string", maxLength: 100 },
          status: { type: "integer", format: "int32", minimum: 400, maximum: 599 },
          detail: { type: "string", maxLength: 2000 },
          field: { type: "string", maxLength: 300, description: "What was wrong: a body field (`count`, `partition.tenant`, `state.partitions[...]`), `(body)`, a query parameter or a header" },
        },
      },
      RecordedRequest: {
        type: "object",
        required: ["method", "path", "operation", "status", "violations"],
        properties: {
          method: { type: "string", maxLength: 32 },
          path: { type: "string", maxLength: 2048, description: "Path and query as sent" },
          operation: { type: ["string", "null"], maxLength: 200, description: "The operationId it addressed; null for none (404, 405)" },
          status: { type: "integer", format: "int32", minimum: 100, maximum: 599 },
          violations: { type: "array", maxItems: 21, items: { type: "string", maxLength: 512 }, description: "What the request broke of the document" },
          truncated: { type: "boolean", description: "Present when path or violations were cut to the record's bounds" },
        },
      },
      RequestRecord: {
        type: "object",
        required: ["requests", "dropped"],
        properties: {
          requests: { type: "array", maxItems: 100000, items: { $ref: "#/components/schemas/RecordedRequest" } },
          dropped: { type: "integer", format: "int64", minimum: 0, maximum: 9007199254740991, description: "Requests received but no longer kept (the oldest go first)" },
        },
      },
      Snapshot: {
        type: "object",
        required: ["format", "version", "service", "state"],
        additionalProperties: false,
        properties: {
          format: { const: "cloud-interfaces/emulator-state" },
          version: { const: 1 },
          service: { type: "string", maxLength: 100, description: "The service whose emulator wrote it" },
          draws: { type: "integer", format: "int64", minimum: 0, maximum: 9007199254740991, description: "Random draws made: a restart with the same --seed continues after them" },
          state: { type: "object", description: "The state's fields, encoded (maps, sets, dates tagged)" },
        },
      },
      Generate: {
        type: "object",
        required: ["resource", "count"],
        additionalProperties: false,
        properties: {
          resource: { type: "string", minLength: 1, maxLength: 200, description: "The x-resource name" },
          count: { type: "integer", format: "int32", minimum: 1, maximum: MAX_GENERATE },
          partition: {
            type: "object",
            maxProperties: 20,
            description: "The partitioning parameters' values; one left out takes its schema default",
            additionalProperties: { type: "string", maxLength: 1000 },
          },
        },
      },
      Generated: { type: "object", required: ["created"], properties: { created: { type: "integer", format: "int32", minimum: 1, maximum: MAX_GENERATE } } },
      Clock: {
        type: "object",
        required: ["now", "running"],
        properties: { now: { type: "string", format: "date-time", maxLength: 40 }, running: { type: "boolean", description: "false once set: it stands still until moved" } },
      },
      ClockSetting: {
        type: "object",
        required: ["now"],
        additionalProperties: false,
        properties: { now: { type: "string", format: "date-time", maxLength: 40 }, running: { type: "boolean", default: false } },
      },
      ClockAdvance: {
        type: "object",
        required: ["seconds"],
        additionalProperties: false,
        properties: { seconds: { type: "number", minimum: -3162240000, maximum: 3162240000 } },
      },
    },
  },
} as const;
