/**
 * The metrics client most callers want: the generated client plus the rules OpenAPI cannot
 * express or the mock cannot see - the space GUID a uaa token needs, the 1..5 target limit -
 * checked before anything is sent.
 */
import { createMetricsV1Client } from "../../generated/metrics-v1/client.js";
import type { components } from "../../generated/metrics-v1/types.js";
import { InputError } from "../core/errors.js";
import { unwrap } from "../core/unwrap.js";
import { SPACE_HEADER, TOKEN_HEADER, UserToken } from "./token.js";

export type Series = components["schemas"]["Series"];
export type MetricSample = components["schemas"]["MetricSample"];
export type MetricList = components["schemas"]["MetricList"];
export type DeleteResult = components["schemas"]["DeleteResult"];

export const MAX_TARGETS = 5;

type GeneratedOptions = NonNullable<Parameters<typeof createMetricsV1Client>[0]>;

export interface MetricsClientOptions {
  /** From apikeyToken, iamToken or uaaToken; it carries the space GUID, if any. */
  token: UserToken;
  region?: GeneratedOptions["region"];
  server?: GeneratedOptions["server"];
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: GeneratedOptions["fetch"];
}

export interface RetrieveRequest {
  /** 1 to 5 dotted paths, with wildcards and query functions. */
  targets: readonly string[];
  /** Start, relative (`-24h`, the service default) or absolute. */
  from?: string;
  /** End, relative or absolute (`now`, the service default). */
  until?: string;
}

export function createMetricsClient(options: MetricsClientOptions) {
  const { token, ...rest } = options;
  if (!(token instanceof UserToken)) {
    throw new InputError(TOKEN_HEADER, "type", "build the token with apikeyToken, iamToken or uaaToken");
  }
  if (token.kind === "uaa" && token.spaceGuid === undefined) {
    throw new InputError(SPACE_HEADER, "requiredWithUaa", "a uaa token needs the space GUID (s-<guid>)");
  }
  const client = createMetricsV1Client({ ...rest, credentials: { userToken: token.headerValue() } });
  // Set on every request rather than bound once, so that no call can go out without it.
  const header = token.spaceGuid === undefined ? {} : { [SPACE_HEADER]: token.spaceGuid };

  return {
    /** The generated client, for calls that need the raw `{data, error, response}`. */
    raw: client,

    async retrieve(request: RetrieveRequest): Promise<Series[]> {
      const target = checkTargets(request?.targets);
      const query = {
        target,
        ...(request.from === undefined ? {} : { from: checkText("from", request.from) }),
        ...(request.until === undefined ? {} : { until: checkText("until", request.until) }),
      };
      const result = await client.GET("/v1/metrics", { params: { header, query } });
      // openapi-fetch's Readable<> maps tuples to plain arrays; the document's Datapoint is a pair.
      return unwrap(result, "retrieveMetrics") as Series[];
    },

    /** Sends values; a sample without `timestamp` is stored at ingestion time. */
    async send(samples: readonly MetricSample[]): Promise<void> {
      const body = checkSamples(samples);
      unwrap(await client.POST("/v1/metrics", { params: { header }, body }), "sendMetrics");
    },

    /** Lists the paths under `query` (the service default `*` is the root of the domain). */
    async list(query?: string): Promise<MetricList> {
      const params = query === undefined ? { header } : { header, query: { query: checkText("query", query) } };
      return unwrap(await client.GET("/v1/metrics/list", { params }), "listMetrics");
    },

    /** Deletes every metric matching `query`. Irreversible; 404 (ApiError) when nothing matches. */
    async delete(query: string): Promise<DeleteResult> {
      if (query === undefined) throw new InputError("query", "required", "delete needs a pattern");
      const pattern = checkText("query", query);
      return unwrap(await client.DELETE("/v1/metrics/list", { params: { header, query: { query: pattern } } }), "deleteMetrics");
    },
  };
}

export type MetricsClient = ReturnType<typeof createMetricsClient>;

function checkTargets(targets: unknown): string[] {
  if (!Array.isArray(targets)) throw new InputError("target", "type", "targets must be an array of paths");
  if (targets.length === 0) throw new InputError("target", "minItems", "at least 1 target is required");
  if (targets.length > MAX_TARGETS) {
    throw new InputError("target", "maxItems", `at most ${MAX_TARGETS} targets per request, got ${targets.length}`);
  }
  return targets.map((t) => checkText("target", t));
}

function checkText(field: string, value: unknown): string {
  if (typeof value !== "string") throw new InputError(field, "type", `${field} must be a string`);
  if (value.length === 0) throw new InputError(field, "minLength", `${field} must not be empty`);
  return value;
}

function checkSamples(samples: unknown): MetricSample[] {
  if (!Array.isArray(samples)) throw new InputError("body", "type", "send takes an array of metrics");
  if (samples.length === 0) throw new InputError("body", "minItems", "send at least 1 metric");
  return samples.map((s: Partial<MetricSample> | null, i) => {
    if (typeof s !== "object" || s === null) throw new InputError(`body[${i}]`, "type", "each metric is an object");
    checkText(`body[${i}].name`, s.name);
    // JSON turns NaN and Infinity into null, which the service would reject or misstore.
    if (typeof s.value !== "number" || !Number.isFinite(s.value)) {
      throw new InputError(`body[${i}].value`, "finiteNumber", "value must be a finite number");
    }
    if (s.timestamp !== undefined && !Number.isInteger(s.timestamp)) {
      throw new InputError(`body[${i}].timestamp`, "integer", "timestamp is whole seconds since the epoch");
    }
    return s as MetricSample;
  });
}
