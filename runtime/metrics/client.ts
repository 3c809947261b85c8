/**
 * The metrics client most callers want: the generated client (which checks every documented
 * rule, the 1..5 target limit among them, before sending) plus what OpenAPI cannot express -
 * the space GUID a uaa token needs, and finite sample values.
 */
import { createMetricsV1Client } from "../../generated/metrics-v1/client.js";
import { rules } from "../../generated/metrics-v1/rules.js";
import type { components } from "../../generated/metrics-v1/types.js";
import { InputError } from "../core/errors.js";
import { unwrap } from "../core/unwrap.js";
import type { PassedThrough } from "../core/family-options.js";
import { SPACE_HEADER, TOKEN_HEADER, UserToken } from "./token.js";

export type Series = components["schemas"]["Series"];
export type MetricSample = components["schemas"]["MetricSample"];
export type MetricList = components["schemas"]["MetricList"];
export type DeleteResult = components["schemas"]["DeleteResult"];

/** Targets one retrieve takes at most (the document's `maxItems` of `target`, §8B): for callers that split longer lists. */
export const MAX_TARGETS: number = rules.operations["GET /v1/metrics"]!.query!.target!.maxItems!;

type GeneratedOptions = NonNullable<Parameters<typeof createMetricsV1Client>[0]>;

export interface MetricsClientOptions extends PassedThrough<GeneratedOptions> {
  /** From apikeyToken, iamToken or uaaToken; it carries the space GUID, if any. */
  token: UserToken;
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
      const query = { target: request?.targets as string[], from: request?.from, until: request?.until };
      const result = await client.GET("/v1/metrics", { params: { header, query } });
      // openapi-fetch's Readable<> maps tuples to plain arrays; the document's Datapoint is a pair.
      return unwrap(result, "retrieveMetrics") as Series[];
    },

    /** Sends values; a sample without `timestamp` is stored at ingestion time. */
    async send(samples: readonly MetricSample[]): Promise<void> {
      const body = checkFinite(samples);
      unwrap(await client.POST("/v1/metrics", { params: { header }, body }), "sendMetrics");
    },

    /** Lists the paths under `query` (the service default `*` is the root of the domain). */
    async list(query?: string): Promise<MetricList> {
      const params = query === undefined ? { header } : { header, query: { query } };
      return unwrap(await client.GET("/v1/metrics/list", { params }), "listMetrics");
    },

    /** Deletes every metric matching `query`. Irreversible; 404 (ApiError) when nothing matches. */
    async delete(query: string): Promise<DeleteResult> {
      return unwrap(await client.DELETE("/v1/metrics/list", { params: { header, query: { query } } }), "deleteMetrics");
    },
  };
}

export type MetricsClient = ReturnType<typeof createMetricsClient>;

/** JSON turns NaN and Infinity into null, which the service would reject or misstore; the document's `number` cannot say so. */
function checkFinite(samples: readonly MetricSample[]): MetricSample[] {
  if (Array.isArray(samples)) {
    samples.forEach((s: Partial<MetricSample> | null, i) => {
      if (typeof s?.value === "number" && !Number.isFinite(s.value)) {
        throw new InputError(`body[${i}].value`, "finiteNumber", "value must be a finite number");
      }
    });
  }
  return samples as MetricSample[];
}
