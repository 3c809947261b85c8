// Generated from openapi/metrics-v1.yaml by scripts/build.ts (openapi-typescript). Do not edit.

export interface paths {
    "/v1/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve metrics
         * @description Returns the datapoints of up to 5 targets between `from` and `until`. Each target is a
         *     dotted metric path, optionally with wildcards and query functions; every series it
         *     resolves to is one element of the result.
         */
        get: operations["retrieveMetrics"];
        put?: never;
        /**
         * Send metrics
         * @description Stores a list of metric values. A metric without `timestamp` is stored at the time of
         *     ingestion.
         */
        post: operations["sendMetrics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/metrics/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List metrics
         * @description Lists the metric paths one level below the query path. The default `*` lists the root
         *     of the domain.
         */
        get: operations["listMetrics"];
        put?: never;
        post?: never;
        /**
         * Delete metrics
         * @description Deletes every metric matching `query`, **irreversibly**. A pattern resolving to a node
         *     deletes all metrics under it (`app.web01.*`, or `app.web01` for the whole hierarchy).
         */
        delete: operations["deleteMetrics"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description `[value, timestamp]`: the value (null where the series has no value) and integer seconds since the epoch. */
        Datapoint: [
            number | null,
            number
        ];
        Series: {
            /** @description The series path (or the function expression) the datapoints belong to. */
            target: string;
            datapoints: components["schemas"]["Datapoint"][];
        };
        /** @description Query result, one element per series. */
        SeriesList: components["schemas"]["Series"][];
        MetricSample: {
            /** @description Dotted metric path. */
            name: string;
            /** @description Value of the metric. */
            value: number;
            /** @description Seconds since the epoch; the time of ingestion when omitted. */
            timestamp?: number;
        };
        /** @description List of metrics and their values. */
        MetricSamples: components["schemas"]["MetricSample"][];
        MetricNode: {
            /** @description Full dotted path of the node. */
            path: string;
            /** @description Last segment of the path. */
            name: string;
            /**
             * @description 1 for a metric (leaf), 0 for a branch with metrics under it.
             * @enum {integer}
             */
            is_leaf: 0 | 1;
        };
        MetricList: {
            metrics: components["schemas"]["MetricNode"][];
        };
        DeleteResult: {
            /** @description Identifier the service returns for the deletion. */
            id: string;
        };
        /** @description Error body (RFC 9457 problem details). */
        Problem: {
            /**
             * Format: uri-reference
             * @default about:blank
             */
            type?: string;
            /** @description Status name, e.g. `Bad Request`. */
            title: string;
            status: number;
            /** @description What went wrong, without credentials. */
            detail?: string;
            /** Format: uri-reference */
            instance?: string;
            /** @description The same error in the shape the service family's clients parse (`errors[0].code`, `errors[0].message`). */
            errors?: {
                /** @description An error code. The examples here use lower-snake-case status names (`bad_request`); the service sends codes of its own such as `BXNMSRI01E` (ServiceErrors). */
                code: string;
                message: string;
            }[];
        };
        /**
         * @description Error body in the shape the service's clients read: `errors`, each with `code` and `message`.
         *     The Node client (jthomas/ibm-cloud-monitoring) rejects with this object as it is, and its tests
         *     record the service's error as `{"errors":[{"code":"BXNMSRI01E","message":"Token is expired"}]}`.
         */
        ServiceErrors: {
            errors: {
                /** @description The service's error code, e.g. `BXNMSRI01E`. */
                code: string;
                message: string;
            }[];
        };
    };
    responses: never;
    parameters: {
        /**
         * @description Platform space GUID prefixed `s-`. **Required with a `uaa` token**; optional with `iam`,
         *     where the account bound to the token is the domain. OpenAPI cannot tie a header to the
         *     token kind: the typed client enforces the `uaa` rule and the service answers 400.
         */
        XAuthScopeId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    retrieveMetrics: {
        parameters: {
            query: {
                /**
                 * @description Dotted path from the root of the metrics tree, optionally with Graphite 0.9.15 query
                 *     functions and wildcards (`*`, `[...]`, `{a,b}`). Repeat the parameter for several
                 *     targets (`target=a.b&target=c.*`); at most 5 per request.
                 */
                target: string[];
                /**
                 * @description Start of the time range, relative (`-24h`, `-7d`, `-30min`) or absolute (`1700000000`
                 *     in seconds since the epoch, `14:00_20231114`, `20231114`), as in Graphite's render API.
                 */
                from?: string;
                /** @description End of the time range, relative or absolute with the same syntax as `from`. */
                until?: string;
            };
            header?: {
                /**
                 * @description Platform space GUID prefixed `s-`. **Required with a `uaa` token**; optional with `iam`,
                 *     where the account bound to the token is the domain. OpenAPI cannot tie a header to the
                 *     token kind: the typed client enforces the `uaa` rule and the service answers 400.
                 */
                "X-Auth-Scope-Id"?: components["parameters"]["XAuthScopeId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The series the targets resolved to. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SeriesList"];
                };
            };
            /**
             * @description Bad request: a required header or parameter is missing (`target`, or the space GUID
             *     with a `uaa` token) or more than 5 targets.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
            /** @description Missing or malformed token, or unauthorized subject (the not-authorized case). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
            /** @description Unexpected service error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
        };
    };
    sendMetrics: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Platform space GUID prefixed `s-`. **Required with a `uaa` token**; optional with `iam`,
                 *     where the account bound to the token is the domain. OpenAPI cannot tie a header to the
                 *     token kind: the typed client enforces the `uaa` rule and the service answers 400.
                 */
                "X-Auth-Scope-Id"?: components["parameters"]["XAuthScopeId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MetricSamples"];
            };
        };
        responses: {
            /** @description The metrics were accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Bad request: a required header or parameter is missing (the body, or the space GUID
             *     with a `uaa` token) or a malformed body.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
            /** @description Missing or malformed token, or unauthorized subject (the not-authorized case). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
            /** @description Unexpected service error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
        };
    };
    listMetrics: {
        parameters: {
            query?: {
                /** @description Metric query path, with wildcards; `*` is the root of the space domain. */
                query?: string;
            };
            header?: {
                /**
                 * @description Platform space GUID prefixed `s-`. **Required with a `uaa` token**; optional with `iam`,
                 *     where the account bound to the token is the domain. OpenAPI cannot tie a header to the
                 *     token kind: the typed client enforces the `uaa` rule and the service answers 400.
                 */
                "X-Auth-Scope-Id"?: components["parameters"]["XAuthScopeId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching metric paths. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetricList"];
                };
            };
            /** @description Bad request: a required header is missing (the space GUID with a `uaa` token). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
            /** @description Missing or malformed token, or unauthorized subject (the not-authorized case). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
            /** @description Unexpected service error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
        };
    };
    deleteMetrics: {
        parameters: {
            query: {
                /** @description Pattern of the metrics to delete, e.g. everything under a hierarchy. */
                query: string;
            };
            header?: {
                /**
                 * @description Platform space GUID prefixed `s-`. **Required with a `uaa` token**; optional with `iam`,
                 *     where the account bound to the token is the domain. OpenAPI cannot tie a header to the
                 *     token kind: the typed client enforces the `uaa` rule and the service answers 400.
                 */
                "X-Auth-Scope-Id"?: components["parameters"]["XAuthScopeId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching metrics were deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteResult"];
                };
            };
            /**
             * @description Bad request: a required header or parameter is missing (`query`, or the space GUID
             *     with a `uaa` token).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
            /** @description Missing or malformed token, or unauthorized subject (the not-authorized case). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
            /** @description No metric matches the pattern. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
            /** @description Unexpected service error. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                    "application/json": components["schemas"]["ServiceErrors"];
                };
            };
        };
    };
}
