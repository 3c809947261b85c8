// Generated from openapi/kms-v2.yaml by scripts/build.ts (openapi-typescript). Do not edit.

export interface paths {
    "/api/v2/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List keys
         * @description Lists the keys of the instance (of the key ring in `X-Kms-Key-Ring` when sent, otherwise
         *     of every key ring the caller can access). Key material is never returned. The response
         *     holds 0 to 5000 key resources; page with `limit` and `offset`.
         */
        get: operations["listKeys"];
        put?: never;
        /**
         * Create a key
         * @description Creates (generates or imports) one key. The body is a collection envelope holding exactly
         *     one key resource; `payload` is present only when importing key material. A root key is
         *     created with `extractable` false.
         *
         *     `Prefer: return=minimal` returns only the key identifier; `return=representation` returns
         *     the key's metadata and material, except that root-key material is never returned. Key
         *     material may not be returned immediately because generation takes time; a later GET of
         *     the single key returns it.
         *
         *     On 409 (the import token reached its maximum retrievals or expired) clients should retry:
         *     an import token may rarely expire early.
         *
         *     Audit: the `alias` parameter of the event for adding an alias at key creation is in the
         *     request data section.
         */
        post: operations["createKey"];
        delete?: never;
        options?: never;
        /**
         * Retrieve key total
         * @description Same as list keys but returns headers only: `Key-Total` holds the number of keys that
         *     match. Accepts `state`, `extractable` and `filter` with the rules of list keys.
         */
        head: operations["getKeyTotal"];
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Key state (NIST SP 800-57): 0 Pre-activation, 1 Active, 2 Suspended, 3 Deactivated, 5 Destroyed.
         * @enum {integer}
         */
        KeyState: 0 | 1 | 2 | 3 | 5;
        CollectionMetadata: {
            /** @description Media type of the resources (key or error media type). */
            collectionType: string;
            /** @description Number of resources. */
            collectionTotal: number;
        };
        /** @description A key. Fields on deleted keys and on rotated keys appear only there; key material (`payload`) only in a create response with `Prefer` return=representation for a standard key. */
        Key: {
            /**
             * @description The key media type.
             * @constant
             */
            type?: "application/vnd.svc.kms.key+json";
            /**
             * Format: uuid
             * @description Key identifier (UUID shape).
             */
            id: string;
            name?: string;
            description?: string;
            aliases?: string[];
            state?: components["schemas"]["KeyState"];
            /** @description `false` for a root key, `true` for a standard key. */
            extractable?: boolean;
            /** @description Key ring of the key; `default` when created without a key ring header. */
            keyRingID?: string;
            /** @description Resource name of the key. */
            crn?: string;
            imported?: boolean;
            /** Format: date-time */
            creationDate?: string;
            createdBy?: string;
            /** Format: date-time */
            lastUpdateDate?: string;
            /**
             * Format: date-time
             * @description Present on rotated keys.
             */
            lastRotateDate?: string;
            /** Format: date-time */
            expirationDate?: string;
            keyVersion?: {
                id?: string;
                /** Format: date-time */
                creationDate?: string;
            };
            dualAuthDelete?: {
                enabled?: boolean;
                keySetForDeletion?: boolean;
                /** Format: date-time */
                authExpiration?: string;
            };
            deleted?: boolean;
            /**
             * Format: date-time
             * @description On deleted keys.
             */
            deletionDate?: string;
            /**
             * Format: date-time
             * @description On deleted keys.
             */
            restoreExpirationDate?: string;
            /**
             * Format: date-time
             * @description On deleted keys.
             */
            purgeAllowedFrom?: string;
            /**
             * Format: date-time
             * @description On deleted keys.
             */
            purgeScheduledOn?: string;
            /** @description On deleted keys. */
            restoreAllowed?: boolean;
            /** @description On deleted keys. */
            purgeAllowed?: boolean;
            /** @description Key material, returned only by create with `Prefer` return=representation and never for a root key. */
            payload?: string;
            /** @deprecated */
            algorithmType?: string;
            /** @deprecated */
            algorithmMode?: string;
            /** @deprecated */
            algorithmMetadata?: {
                bitLength?: string;
                mode?: string;
            };
            /** @deprecated */
            algorithmBitSize?: number;
        };
        /** @description The key resource of a create request. `payload` is present only when importing key material; a root key has `extractable` false. */
        KeyCreate: {
            /**
             * @description The key media type.
             * @constant
             */
            type?: "application/vnd.svc.kms.key+json";
            name: string;
            description?: string;
            /** @description `false` creates a root key, `true` a standard key. */
            extractable?: boolean;
            /** @description Base64 key material; only when importing a key. */
            payload?: string;
            aliases?: string[];
            /** Format: date-time */
            expirationDate?: string;
            /** @description Secure import only; the import token's nonce, encrypted with the key material (base64). */
            encryptedNonce?: string;
            /** @description Secure import only; the initialization vector of the nonce encryption (base64). */
            iv?: string;
            /** @description Secure import only; how the key material was encrypted with the import token's public key, e.g. `RSAES_OAEP_SHA_256` or `RSAES_OAEP_SHA_1`. */
            encryptionAlgorithm?: string;
        };
        /** @description Collection envelope of a create request, with exactly one key resource. */
        CreateKeyRequest: {
            metadata: {
                /** @description The key media type. */
                collectionType: string;
                /**
                 * @description Always 1.
                 * @constant
                 */
                collectionTotal: 1;
            };
            resources: components["schemas"]["KeyCreate"][];
        };
        /** @description Collection envelope of a create response (one key resource). */
        KeyCollection: {
            metadata: components["schemas"]["CollectionMetadata"];
            resources: components["schemas"]["Key"][];
        };
        /**
         * @description Collection envelope of a list response (0 to 5000 key resources). When there is nothing to
         *     list (`collectionTotal` 0) the service may leave `resources` out: read a missing `resources`
         *     as an empty list.
         */
        KeyList: {
            metadata: {
                /** @description True when the search was incomplete (single-key lookup in a space above 5000 keys). */
                incompleteSearch?: boolean;
            } & components["schemas"]["CollectionMetadata"];
            resources?: components["schemas"]["ListedKey"][];
        } & (unknown | {
            metadata?: {
                /** @constant */
                collectionTotal?: 0;
            };
        });
        /** @description A key as list returns it, without key material (list does not return key material). */
        ListedKey: components["schemas"]["Key"] & unknown;
        /** @description Collection envelope of an error (error media type). */
        ErrorCollection: {
            metadata: components["schemas"]["CollectionMetadata"];
            resources: components["schemas"]["ErrorResource"][];
        };
        ErrorResource: {
            /** @description Message starting with the status name (`Bad Request`, `Unauthorized`, `Conflict`, `Too Many Requests`, `Internal Server Error`, ...), on one line: the status name, optionally followed by `:` and the explanation. No line breaks, so no stack trace. */
            errorMsg: string;
            reasons?: {
                /** @description Reason code, e.g. KEY_RING_NOT_FOUND_ERR or KEY_SEARCH_TOO_BROAD. */
                code: string;
            }[];
        };
    };
    responses: {
        /** @description A required field is missing (or another request error; see `reasons`). */
        CreateBadRequest: {
            headers: {
                "correlation-ID": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.svc.kms.error+json": components["schemas"]["ErrorCollection"];
                "application/json": components["schemas"]["ErrorCollection"];
            };
        };
        /** @description Invalid credentials or insufficient permissions. */
        Unauthorized: {
            headers: {
                "correlation-ID": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.svc.kms.error+json": components["schemas"]["ErrorCollection"];
                "application/json": components["schemas"]["ErrorCollection"];
            };
        };
        /**
         * @description An instance policy refuses the request: it breaks the instance's configuration rules (for
         *     example a request from a network the allowed-network policy excludes), or uses a feature
         *     that is not enabled for the instance. Re-authenticating makes no difference.
         */
        Forbidden: {
            headers: {
                "correlation-ID": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.svc.kms.error+json": components["schemas"]["ErrorCollection"];
                "application/json": components["schemas"]["ErrorCollection"];
            };
        };
        /**
         * @description The instance reached its rate limit for this method and endpoint in the current time
         *     window; requests are refused until the window ends. The window length and any
         *     `Retry-After` header are not shown.
         */
        TooManyRequests: {
            headers: {
                "correlation-ID": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.svc.kms.error+json": components["schemas"]["ErrorCollection"];
                "application/json": components["schemas"]["ErrorCollection"];
            };
        };
        /** @description Server error. */
        InternalServerError: {
            headers: {
                "correlation-ID": components["headers"]["CorrelationId"];
                [name: string]: unknown;
            };
            content: {
                "application/vnd.svc.kms.error+json": components["schemas"]["ErrorCollection"];
                "application/json": components["schemas"]["ErrorCollection"];
            };
        };
    };
    parameters: {
        /** @description Identifier of the service instance (36 characters, lower-case UUID). */
        SvcInstance: string;
        /** @description A v4 UUID that correlates the transactions of one request; the service echoes it in `correlation-ID`. */
        CorrelationId: string;
        /**
         * @description Key ring of the new key; `default` when omitted. When omitted the service looks the key
         *     ring up, so send it on every call for speed.
         */
        KeyRingOnCreate: string;
        /**
         * @description Key ring to cover. When omitted, all accessible resources of the instance are covered;
         *     sending it is faster and narrows the searchable space.
         */
        KeyRing: string;
        /**
         * @description Allowed values: `return=minimal` returns only the key identifier;
         *     `return=representation` returns key material and metadata, except that root-key material
         *     is never returned. What the service does without the header is not shown.
         */
        Prefer: "return=representation" | "return=minimal";
        /** @description Number of keys to return (1 to 5000). */
        Limit: number;
        /** @description Number of keys to skip. */
        Offset: number;
        /**
         * @deprecated
         * @description Key states to include, comma-separated without spaces (`state=0,1,5`), up to 5 values
         *     from 0, 1, 2, 3 and 5. Default 0,1,2,3. Deprecated in favour of `filter` (`state=...`);
         *     using both `state` here and `state` in `filter` gives 400.
         */
        State: components["schemas"]["KeyState"][];
        /**
         * @deprecated
         * @description `true` gives standard keys, `false` root keys; omitted gives both. Deprecated in favour of
         *     `filter` (`extractable=...`); using both gives 400.
         */
        Extractable: boolean;
        /**
         * @description Up to 256 characters. Plain text matches key names or aliases case-insensitively as a
         *     substring; a full key id also matches by id.
         *
         *     Prefix options (before the text):
         *     - `not:` inverts the match (`not:test` - keys whose name and aliases lack "test");
         *     - `escape:` takes the rest as plain text (`escape:not:x` searches for "not:x");
         *     - `exact:` exact match only (`exact:payroll-root`).
         *
         *     Scope prefixes: `alias:` and `name:`; scopes combine with OR; the default scope is both
         *     (`alias:payroll`, `exact:name:session-signing-key`).
         *
         *     The searchable space is at most 5000 keys: beyond it the response is 400 with
         *     `reasons[0].code` `KEY_SEARCH_TOO_BROAD`; narrow it with `state`, `extractable` or the key
         *     ring header. When the space exceeds 5000 and the search is a full key id or an alias
         *     scope, a single-key lookup is done: the found key is the only resource and
         *     `metadata.incompleteSearch` is true. For a key id or alias scope the looked-up key is
         *     returned first, before other matches.
         */
        Search: string;
        /**
         * @description Comma-separated properties from `id`, `state`, `extractable`, `imported`, `creationDate`,
         *     `lastUpdateDate`, `lastRotateDate`, `deletionDate`, `expirationDate`; a `-` prefix sorts
         *     descending (`sort=-creationDate,id`). Default `id`.
         */
        Sort: string;
        /**
         * @description Up to 512 characters: `property=value` terms separated by spaces; one value or one
         *     operator-value pair per term; up to three terms of the same property.
         *
         *     | Property | Value |
         *     |---|---|
         *     | `creationDate`, `deletionDate`, `expirationDate`, `lastRotateDate`, `lastUpdateDate` | RFC 3339 date-time in double quotes, optionally after an operator `lte:`, `lt:`, `gte:`, `gt:` |
         *     | `extractable` | `true` or `false`, case-insensitive |
         *     | `state` | comma-separated integers (0, 1, 2, 3, 5) |
         *
         *     The keyword `none` (case-insensitive) selects keys lacking the property. Using `state` or
         *     `extractable` in `filter` together with the separate `state` or `extractable` parameter
         *     gives 400.
         *
         *     Examples: `state=1,2 extractable=false`;
         *     `creationDate=gte:"2026-01-01T00:00:00Z" creationDate=lt:"2026-02-01T00:00:00Z"`;
         *     `expirationDate=none`.
         *
         *     The pattern spells out this grammar (terms, operators, quoting, `none`, at most three
         *     terms per property); it accepts spaces before, between and after terms.
         */
        Filter: string;
    };
    requestBodies: never;
    headers: {
        /** @description Correlation identifier of the transaction; quote it when reporting a failed response. */
        CorrelationId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listKeys: {
        parameters: {
            query?: {
                /** @description Number of keys to return (1 to 5000). */
                limit?: components["parameters"]["Limit"];
                /** @description Number of keys to skip. */
                offset?: components["parameters"]["Offset"];
                /**
                 * @deprecated
                 * @description Key states to include, comma-separated without spaces (`state=0,1,5`), up to 5 values
                 *     from 0, 1, 2, 3 and 5. Default 0,1,2,3. Deprecated in favour of `filter` (`state=...`);
                 *     using both `state` here and `state` in `filter` gives 400.
                 */
                state?: components["parameters"]["State"];
                /**
                 * @deprecated
                 * @description `true` gives standard keys, `false` root keys; omitted gives both. Deprecated in favour of
                 *     `filter` (`extractable=...`); using both gives 400.
                 */
                extractable?: components["parameters"]["Extractable"];
                /**
                 * @description Up to 256 characters. Plain text matches key names or aliases case-insensitively as a
                 *     substring; a full key id also matches by id.
                 *
                 *     Prefix options (before the text):
                 *     - `not:` inverts the match (`not:test` - keys whose name and aliases lack "test");
                 *     - `escape:` takes the rest as plain text (`escape:not:x` searches for "not:x");
                 *     - `exact:` exact match only (`exact:payroll-root`).
                 *
                 *     Scope prefixes: `alias:` and `name:`; scopes combine with OR; the default scope is both
                 *     (`alias:payroll`, `exact:name:session-signing-key`).
                 *
                 *     The searchable space is at most 5000 keys: beyond it the response is 400 with
                 *     `reasons[0].code` `KEY_SEARCH_TOO_BROAD`; narrow it with `state`, `extractable` or the key
                 *     ring header. When the space exceeds 5000 and the search is a full key id or an alias
                 *     scope, a single-key lookup is done: the found key is the only resource and
                 *     `metadata.incompleteSearch` is true. For a key id or alias scope the looked-up key is
                 *     returned first, before other matches.
                 */
                search?: components["parameters"]["Search"];
                /**
                 * @description Comma-separated properties from `id`, `state`, `extractable`, `imported`, `creationDate`,
                 *     `lastUpdateDate`, `lastRotateDate`, `deletionDate`, `expirationDate`; a `-` prefix sorts
                 *     descending (`sort=-creationDate,id`). Default `id`.
                 */
                sort?: components["parameters"]["Sort"];
                /**
                 * @description Up to 512 characters: `property=value` terms separated by spaces; one value or one
                 *     operator-value pair per term; up to three terms of the same property.
                 *
                 *     | Property | Value |
                 *     |---|---|
                 *     | `creationDate`, `deletionDate`, `expirationDate`, `lastRotateDate`, `lastUpdateDate` | RFC 3339 date-time in double quotes, optionally after an operator `lte:`, `lt:`, `gte:`, `gt:` |
                 *     | `extractable` | `true` or `false`, case-insensitive |
                 *     | `state` | comma-separated integers (0, 1, 2, 3, 5) |
                 *
                 *     The keyword `none` (case-insensitive) selects keys lacking the property. Using `state` or
                 *     `extractable` in `filter` together with the separate `state` or `extractable` parameter
                 *     gives 400.
                 *
                 *     Examples: `state=1,2 extractable=false`;
                 *     `creationDate=gte:"2026-01-01T00:00:00Z" creationDate=lt:"2026-02-01T00:00:00Z"`;
                 *     `expirationDate=none`.
                 *
                 *     The pattern spells out this grammar (terms, operators, quoting, `none`, at most three
                 *     terms per property); it accepts spaces before, between and after terms.
                 */
                filter?: components["parameters"]["Filter"];
            };
            header: {
                /** @description Identifier of the service instance (36 characters, lower-case UUID). */
                "svc-instance": components["parameters"]["SvcInstance"];
                /** @description A v4 UUID that correlates the transactions of one request; the service echoes it in `correlation-ID`. */
                "correlation-id"?: components["parameters"]["CorrelationId"];
                /**
                 * @description Key ring to cover. When omitted, all accessible resources of the instance are covered;
                 *     sending it is faster and narrows the searchable space.
                 */
                "X-Kms-Key-Ring"?: components["parameters"]["KeyRing"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys (0 to 5000 resources, without key material). */
            200: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.svc.collection+json": components["schemas"]["KeyList"];
                    "application/json": components["schemas"]["KeyList"];
                    "application/vnd.svc.kms.key+json": components["schemas"]["KeyList"];
                };
            };
            /**
             * @description Bad request, for example `KEY_SEARCH_TOO_BROAD` (the searchable space exceeds 5000 keys:
             *     narrow it with `state`, `extractable` or `X-Kms-Key-Ring`), or `state`/`extractable`
             *     used in `filter` together with the separate parameter of the same name.
             */
            400: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.svc.kms.error+json": components["schemas"]["ErrorCollection"];
                    "application/json": components["schemas"]["ErrorCollection"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header: {
                /** @description Identifier of the service instance (36 characters, lower-case UUID). */
                "svc-instance": components["parameters"]["SvcInstance"];
                /** @description A v4 UUID that correlates the transactions of one request; the service echoes it in `correlation-ID`. */
                "correlation-id"?: components["parameters"]["CorrelationId"];
                /**
                 * @description Key ring of the new key; `default` when omitted. When omitted the service looks the key
                 *     ring up, so send it on every call for speed.
                 */
                "X-Kms-Key-Ring"?: components["parameters"]["KeyRingOnCreate"];
                /**
                 * @description Allowed values: `return=minimal` returns only the key identifier;
                 *     `return=representation` returns key material and metadata, except that root-key material
                 *     is never returned. What the service does without the header is not shown.
                 */
                Prefer?: components["parameters"]["Prefer"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/vnd.svc.kms.key+json": components["schemas"]["CreateKeyRequest"];
                "application/json": components["schemas"]["CreateKeyRequest"];
            };
        };
        responses: {
            /** @description The key was created; the body holds the one key resource (shaped by `Prefer`). */
            201: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.svc.kms.key+json": components["schemas"]["KeyCollection"];
                    "application/json": components["schemas"]["KeyCollection"];
                    "application/vnd.svc.collection+json": components["schemas"]["KeyCollection"];
                };
            };
            400: components["responses"]["CreateBadRequest"];
            /**
             * @description Invalid credentials or insufficient permissions, or no authorization exists between
             *     the calling service and this service.
             */
            401: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.svc.kms.error+json": components["schemas"]["ErrorCollection"];
                    "application/json": components["schemas"]["ErrorCollection"];
                };
            };
            403: components["responses"]["Forbidden"];
            /** @description The key ring, the instance or the import token does not exist (`reasons[0].code`). */
            404: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.svc.kms.error+json": components["schemas"]["ErrorCollection"];
                    "application/json": components["schemas"]["ErrorCollection"];
                };
            };
            /**
             * @description The import token reached its maximum number of retrievals or its expiration. Clients
             *     should retry: an import token may rarely expire early. Also used for the conflicts
             *     `KEY_ALIAS_NOT_UNIQUE_ERR` and `KEY_CREATE_IMPORT_ACCESS_ERR` (not worth retrying).
             */
            409: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.svc.kms.error+json": components["schemas"]["ErrorCollection"];
                    "application/json": components["schemas"]["ErrorCollection"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getKeyTotal: {
        parameters: {
            query?: {
                /**
                 * @deprecated
                 * @description Key states to include, comma-separated without spaces (`state=0,1,5`), up to 5 values
                 *     from 0, 1, 2, 3 and 5. Default 0,1,2,3. Deprecated in favour of `filter` (`state=...`);
                 *     using both `state` here and `state` in `filter` gives 400.
                 */
                state?: components["parameters"]["State"];
                /**
                 * @deprecated
                 * @description `true` gives standard keys, `false` root keys; omitted gives both. Deprecated in favour of
                 *     `filter` (`extractable=...`); using both gives 400.
                 */
                extractable?: components["parameters"]["Extractable"];
                /**
                 * @description Up to 512 characters: `property=value` terms separated by spaces; one value or one
                 *     operator-value pair per term; up to three terms of the same property.
                 *
                 *     | Property | Value |
                 *     |---|---|
                 *     | `creationDate`, `deletionDate`, `expirationDate`, `lastRotateDate`, `lastUpdateDate` | RFC 3339 date-time in double quotes, optionally after an operator `lte:`, `lt:`, `gte:`, `gt:` |
                 *     | `extractable` | `true` or `false`, case-insensitive |
                 *     | `state` | comma-separated integers (0, 1, 2, 3, 5) |
                 *
                 *     The keyword `none` (case-insensitive) selects keys lacking the property. Using `state` or
                 *     `extractable` in `filter` together with the separate `state` or `extractable` parameter
                 *     gives 400.
                 *
                 *     Examples: `state=1,2 extractable=false`;
                 *     `creationDate=gte:"2026-01-01T00:00:00Z" creationDate=lt:"2026-02-01T00:00:00Z"`;
                 *     `expirationDate=none`.
                 *
                 *     The pattern spells out this grammar (terms, operators, quoting, `none`, at most three
                 *     terms per property); it accepts spaces before, between and after terms.
                 */
                filter?: components["parameters"]["Filter"];
            };
            header: {
                /** @description Identifier of the service instance (36 characters, lower-case UUID). */
                "svc-instance": components["parameters"]["SvcInstance"];
                /** @description A v4 UUID that correlates the transactions of one request; the service echoes it in `correlation-ID`. */
                "correlation-id"?: components["parameters"]["CorrelationId"];
                /**
                 * @description Key ring to cover. When omitted, all accessible resources of the instance are covered;
                 *     sending it is faster and narrows the searchable space.
                 */
                "X-Kms-Key-Ring"?: components["parameters"]["KeyRing"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The number of matching keys is in `Key-Total`. */
            200: {
                headers: {
                    /** @description Number of keys that match the request. */
                    "Key-Total": number;
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request (headers only), e.g. `filter` uses `state` or `extractable` together with the separate `state` or `extractable` parameter. */
            400: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid credentials or insufficient permissions (headers only). */
            401: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An instance policy refuses the request (headers only). */
            403: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many requests for this instance, method and endpoint in the current window (headers only). */
            429: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Server error (headers only). */
            500: {
                headers: {
                    "correlation-ID": components["headers"]["CorrelationId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
