// Generated from openapi/identity-v4.yaml by scripts/build.ts (openapi-typescript). Do not edit.

export interface paths {
    "/oauth/v4/{tenantId}/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        /**
         * Retrieve user info
         * @description Obtains additional user information from the identity provider that authenticated the user. No query parameters are defined.
         */
        get: operations["getUserInfo"];
        put?: never;
        /**
         * Retrieve user info (POST)
         * @description Same as the GET form. No body fields are defined; the request content type is one of
         *     `application/json` and `application/x-www-form-urlencoded`.
         */
        post: operations["postUserInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v4/{tenantId}/activity_logging": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log user activity
         * @description Logs user activity to the audit trail: the activity type and the user's identity token.
         *     The request content type is one of `application/json` and `application/x-www-form-urlencoded`.
         */
        post: operations["logUserActivity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v4/{tenantId}/authorization": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        /**
         * Authorization
         * @description Starts the flow selected by `response_type`. The caller's browser is sent here (a
         *     redirect, not a fetch call). `sign_up` returns the sign-up HTML form, and an empty
         *     `idp` the login widget listing all enabled providers (200); otherwise a user who is not
         *     authenticated or has not granted access is redirected to the authorization UI (307),
         *     and the flow ends with a redirect to `redirect_uri` with `code` and `state` (302) or
         *     with `error` and `state` (303). A bad `redirect_uri` or `client_id` is answered
         *     directly (400).
         */
        get: operations["authorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v4/{tenantId}/token": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token
         * @description Issues tokens for the grant in `grant_type` (see `TokenRequest` for which parameters
         *     each grant needs; `PkceTokenRequest` adds `code_verifier` and `audience`).
         *
         *     **Effect on the server, by grant.** Every call writes its audit events. Beyond them, only
         *     `client_credentials` leaves the service as it was: it consumes nothing and creates nothing a
         *     user or another request depends on, so a read-only check may send it. `authorization_code`
         *     consumes its single-use code (a second exchange is refused and revokes the tokens the code
         *     gave, RFC 6749 §4.1.2); the jwt-bearer grant spends its assertion (a replayed assertion is
         *     refused); `password` signs a user in and issues a refresh token that stays valid until
         *     revoked; `refresh_token` lets the service replace the presented refresh token (RFC 6749 §6).
         *     These change what later requests get, so only a run allowed to write sends them
         *     (a run that may not change state sends the `client_credentials` grant only).
         */
        post: operations["requestTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v4/{tenantId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke refresh token
         * @description Revokes a refresh token.
         */
        post: operations["revokeRefreshToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v4/{tenantId}/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Introspect tokens
         * @description Returns whether a token is valid (`active` true) or expired (`active` false).
         */
        post: operations["introspectToken"];
        delete?: never;
        /**
         * Introspect preflight
         * @description CORS preflight for the introspection endpoint.
         */
        options: operations["preflightIntrospect"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v4/{tenantId}/publickeys": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        /**
         * Public keys
         * @description Returns the JWK set with the public keys used to verify token signatures.
         */
        get: operations["getPublicKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v4/{tenantId}/cloud_directory/generate_code": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        /**
         * Generate temporary code
         * @description Returns a temporary code to pass as `code` to the authorization endpoint with
         *     `response_type=change_details`. The code is valid for 15 seconds (`x-validity-seconds`).
         *     The code is the whole `text/plain` response body.
         *
         *     **Credential.** The `Authorization` header carries both of the user's tokens:
         *     `Bearer <access_token> <id_token>` (the access token, one space, the identity token), as
         *     the service's SDKs send it. A header with the access token alone is accepted too.
         */
        get: operations["generateTemporaryCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/v4/{tenantId}/cloud_directory/sso/logout": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        /**
         * SSO logout
         * @description Ends the current single-sign-on session of the built-in user directory. The caller's
         *     browser is redirected to this endpoint (it is not called with fetch) and sends the SSO
         *     cookie of the user directory, whose name the service sets. On failure, including a request
         *     without the SSO cookie (`error=missing_sso_code`), the browser is redirected to the logout
         *     callback URI with `flow=sso_logout` and `error` (`SsoLogoutCallbackError`).
         */
        get: operations["logoutSso"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Query parameters that the authorization endpoint appends to the callback URI on success
         *     (the `Location` of the 302 redirect). `state` equals the `state` of the request.
         */
        AuthorizationCallbackSuccess: {
            /** @description The grant code, exchanged at the token endpoint for access and identity tokens. */
            code: string;
            /** @description The request's `state`, unchanged (present when the request carried one). */
            state?: string;
        };
        /**
         * @description Query parameters that the authorization endpoint appends to the callback URI when
         *     authentication fails or the user denies access (the `Location` of the 303 redirect).
         */
        AuthorizationCallbackError: {
            error: components["schemas"]["AuthorizationErrorCode"];
            error_description?: string;
            /** @description The request's `state`, unchanged (present when the request carried one). */
            state?: string;
        };
        /** @description Query parameters that SSO logout appends to the logout callback URI on failure (the `Location` of the 303 redirect). */
        SsoLogoutCallbackError: {
            /** @constant */
            flow: "sso_logout";
            error: components["schemas"]["SsoLogoutErrorCode"];
        };
        /** @description The token parameters of version 3 plus the version 4 parameters `code_verifier` and `audience`. */
        PkceTokenRequest: components["schemas"]["TokenRequest"] & {
            /**
             * @description PKCE code verifier whose challenge was sent to the authorization endpoint.
             *     Required only for the PKCE flow.
             */
            code_verifier?: string;
            /**
             * @description Client id of the audience application; relevant only with `client_credentials`.
             *     Only scopes defined for the audience application are placed in the token; when
             *     omitted, the client id that authorized the request is used.
             */
            audience?: string;
        };
        /** @description User information for the authenticated user, from the identity provider that authenticated them. */
        UserInfo: {
            /** @description Subject identifier of the user. */
            sub: string;
            name?: string;
            /** Format: email */
            email?: string;
            /** Format: uri */
            picture?: string;
            locale?: string;
        };
        /** @description Error body of every JSON error response of the identity service. */
        OAuthError: {
            /** @description An error code, for example `invalid_request`, `invalid_client`, `invalid_token`, `insufficient_scope`, `server_error`. */
            error: string;
            /** @description Human-readable explanation; never contains secrets or tokens. */
            error_description?: string;
        };
        /** @description No body fields are defined; the body may be empty. */
        UserInfoRequest: Record<string, never>;
        /** @description The logged activity. */
        ActivityLogRequest: {
            /** @description Type of the logged activity. */
            eventName: string;
            /** @description The user's identity token. */
            id_token: string;
        };
        /**
         * @description Form parameters of the token endpoint. Which of them are required depends on `grant_type`
         *     (one `oneOf` branch per grant; the branches repeat a property only to require it): `code` and `redirect_uri` for `authorization_code`, `username`
         *     and `password` for `password`, `refresh_token` for `refresh_token`, `assertion` for the
         *     jwt-bearer grant. `scope` is relevant only for the jwt-bearer and `password` grants, and
         *     `authsvc_access_token` only for `password`.
         *
         *     Media types: `application/x-www-form-urlencoded` (the interface document's form
         *     parameters), `multipart/form-data` (the server SDK's login flows) and `application/json`
         *     (the server SDK's `TokenManager`, for `client_credentials` and the jwt-bearer grant).
         *
         *     Client authentication: HTTP Basic (`basicAuth`), or `client_id` and `client_secret` in the
         *     form (`client_secret_post`), or, for a public client, `client_id` alone.
         */
        TokenRequest: {
            /** @enum {string} */
            grant_type: "authorization_code" | "client_credentials" | "password" | "refresh_token" | "urn:ietf:params:oauth:grant-type:jwt-bearer";
            /**
             * Format: uri
             * @description Callback URI of the authorization request. Required for `authorization_code`.
             */
            redirect_uri?: string;
            /** @description The grant code from the authorization redirect. Required for `authorization_code`. */
            code?: string;
            /** @description Required for `password`. */
            username?: string;
            /**
             * Format: password
             * @description Required for `password`.
             */
            password?: string;
            /** @description Whitespace-separated list of scopes; relevant only for the jwt-bearer and `password` grants. Empty means none. */
            scope?: string;
            /** @description Optional; a previously obtained access token that identifies an anonymous user; relevant only for `password`. */
            authsvc_access_token?: string;
            /** @description Required for `refresh_token`; used to issue a new access token. */
            refresh_token?: string;
            /**
             * @description Required for the jwt-bearer grant: a JWS signed with the tenant's custom-flow private key,
             *     holding at least the claims `sub`, `exp`, `aud` and `iss`.
             */
            assertion?: string;
            /**
             * @description The client identifier, in the form when the client does not use HTTP Basic: a public
             *     client (no secret; version 4 with PKCE) sends it alone, a confidential client using
             *     `client_secret_post` sends it with `client_secret`.
             */
            client_id?: string;
            /**
             * Format: password
             * @description The client secret, with `client_id`, for `client_secret_post` client authentication.
             */
            client_secret?: string;
        } & ({
            /** @constant */
            grant_type: "authorization_code";
            code: unknown;
            redirect_uri: unknown;
        } | {
            /** @constant */
            grant_type: "client_credentials";
        } | {
            /** @constant */
            grant_type: "password";
            username: unknown;
            password: unknown;
        } | {
            /** @constant */
            grant_type: "refresh_token";
            refresh_token: unknown;
        } | {
            /** @constant */
            grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer";
            assertion: unknown;
        });
        /**
         * @description Tokens issued by the token endpoint: an access token, an identity token, an optional
         *     refresh token, the token type `Bearer` and the expiry in seconds. Which tokens a response
         *     carries depends on the grant: `authorization_code`, `password`, `refresh_token` and the
         *     jwt-bearer grant return an identity token; `client_credentials` returns none, as no end user
         *     is involved (`x-required-when` on `id_token`).
         */
        TokenResponse: {
            access_token: string;
            /**
             * @description The identity token, a signed JWT verifiable with the public keys. Present for every grant
             *     but `client_credentials` (`x-required-when`: the request's `grant_type` decides), refresh
             *     included; absent for `client_credentials`, which has no end user.
             */
            id_token?: string;
            /** @description Optional. */
            refresh_token?: string;
            /** @constant */
            token_type: "Bearer";
            /** @description Lifetime of the access token in seconds. */
            expires_in: number;
        };
        /** @description Error body of a token request the service refuses for the user's state (403); it carries `error_code`, not the OAuth `error`. */
        ForbiddenError: {
            /** @description The refusal's code, `FORBIDDEN` in the SDKs. */
            error_code: string;
            /** @description Human-readable explanation, which the SDKs show to the user; never contains secrets or tokens. */
            error_description?: string;
        };
        RevocationRequest: {
            /** @description The refresh token to revoke. */
            token: string;
            /**
             * @description Token type hint; the only allowed value is `refresh_token`.
             * @enum {string}
             */
            token_type_hint?: "refresh_token";
            /** @description The client identifier, when the client authenticates in the form rather than with HTTP Basic. */
            client_id?: string;
            /**
             * Format: password
             * @description The client secret, with `client_id`, for `client_secret_post` client authentication.
             */
            client_secret?: string;
        };
        IntrospectionRequest: {
            /** @description The token to introspect. */
            token: string;
            /** @description The client identifier, when the client authenticates in the form rather than with HTTP Basic. */
            client_id?: string;
            /**
             * Format: password
             * @description The client secret, with `client_id`, for `client_secret_post` client authentication.
             */
            client_secret?: string;
        };
        /** @description Introspection result, returned for a valid (`active` true) or an expired (`active` false) token. */
        IntrospectionResult: {
            /** @description Whether the token is currently valid. */
            active: boolean;
            scope?: string;
            client_id?: string;
            username?: string;
            token_type?: string;
            /** @description Expiry, seconds since the epoch. */
            exp?: number;
            /** @description Issue time, seconds since the epoch. */
            iat?: number;
            sub?: string;
            aud?: string | string[];
            iss?: string;
        };
        /** @description A public signing key (RFC 7517 §4). */
        JsonWebKey: {
            /** @description Key type, for example `RSA`. */
            kty: string;
            /** @description Intended use; `sig` for signing keys. */
            use?: string;
            /** @description Signature algorithm, for example `RS256`. */
            alg?: string;
            /** @description Key id, matched against the `kid` of a token header. */
            kid?: string;
            /** @description RSA modulus (base64url). */
            n?: string;
            /** @description RSA public exponent (base64url). */
            e?: string;
        };
        /** @description The public keys used to verify token signatures, as a JWK set. */
        JsonWebKeySet: {
            keys: components["schemas"]["JsonWebKey"][];
        };
        /** @description A temporary code for the authorization endpoint (`response_type=change_details`), valid for 15 seconds, sent as the whole response body. */
        TemporaryCode: string;
        /**
         * @description Value of `error` in the redirect to the callback URI when authentication fails or the user denies access.
         * @enum {string}
         */
        AuthorizationErrorCode: "invalid_request" | "invalid_client" | "unauthorized_client" | "access_denied" | "unsupported_response_type" | "invalid_scope" | "server_error" | "temporarily_unavailable";
        /**
         * @description Value of `error` in the redirect to the logout callback URI when SSO logout fails (sent with `flow=sso_logout`).
         * @enum {string}
         */
        SsoLogoutErrorCode: "missing_sso_code" | "invalid_client" | "unauthorized_client" | "server_error" | "temporarily_unavailable";
    };
    responses: {
        /** @description Tokens issued (see `TokenResponse`); which tokens a response holds depends on the grant. */
        TokenIssued: {
            headers: {
                /** @description Token responses must not be cached. */
                "Cache-Control"?: "no-store";
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TokenResponse"];
            };
        };
        /** @description User information for the authenticated user. */
        UserInfoReturned: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["UserInfo"];
            };
        };
        /** @description Bad request - a required parameter is missing, or a parameter is invalid or mismatching. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description The access token is expired, revoked or malformed. */
        InvalidToken: {
            headers: {
                /** @description Bearer challenge. */
                "WWW-Authenticate": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description The access token lacks a scope the operation needs. */
        InsufficientScope: {
            headers: {
                /** @description Bearer challenge. */
                "WWW-Authenticate": string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description Too many requests: requests arrived too quickly (numeric rate limits are not shown). */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description Internal server error. */
        ServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /**
         * @description An HTML page of the login widget, returned directly: with `response_type=sign_up` the
         *     sign-up form; with an empty or omitted `idp` the login widget listing all enabled identity
         *     providers.
         */
        AuthorizationSignUpForm: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "text/html": string;
            };
        };
        /**
         * @description Authentication and authorization succeeded: redirect to the callback URI carrying `code`
         *     and `state` (`AuthorizationCallbackSuccess`). `state` equals the request's `state`; the
         *     `code` is exchanged at the token endpoint. Callers must parse the `Location` query rather
         *     than rely on the status code.
         */
        AuthorizationGranted: {
            headers: {
                /** @description The callback URI with `code` and `state` appended (`AuthorizationCallbackSuccess`). */
                Location: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description Authentication failed or the user denied access: redirect to the callback URI carrying
         *     `error` (one of `AuthorizationErrorCode`) and `state` (`AuthorizationCallbackError`).
         *     Callers must parse the `Location` query rather than rely on the status code.
         */
        AuthorizationDenied: {
            headers: {
                /** @description The callback URI with `error` and `state` appended (`AuthorizationCallbackError`). */
                Location: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description The user is not authenticated or has not granted access: the user agent is redirected to
         *     the authorization UI of the service. After success there, the flow ends
         *     with the redirect to the callback URI carrying `code` and `state` (302).
         */
        AuthorizationUi: {
            headers: {
                /** @description The authorization UI (login page) of the service, carrying the original request so the flow can continue. */
                Location: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description The redirection URI is missing, invalid or mismatching, or the client identifier is
         *     missing or invalid: the error is returned to the caller instead of a redirect.
         */
        AuthorizationRejected: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description Client authentication failed - invalid client id or client secret (revoke, token), or invalid client id, client secret, username or password (introspect). */
        InvalidClient: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description The user may not sign in yet (for example the account awaits verification); the body carries `error_code` and `error_description`. */
        TokenForbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ForbiddenError"];
            };
        };
        /** @description The public keys (JWK set) used to verify token signatures. */
        PublicKeys: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["JsonWebKeySet"];
            };
        };
        /** @description The `tenantId` is missing or invalid. */
        InvalidTenantId: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
        /** @description No tenant has the given `tenantId`. */
        TenantNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OAuthError"];
            };
        };
    };
    parameters: {
        /**
         * @description PKCE code challenge: base64url(SHA-256(code_verifier)) for `S256`, or the verifier
         *     itself for `plain`. Required only for the PKCE flow. RFC 7636 challenges are 43 to 128
         *     unreserved characters (the runtime helper `createPkcePair` makes such values), but no
         *     format is imposed here.
         * @example E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM
         */
        code_challenge: string;
        /**
         * @description How `code_challenge` was derived; `S256` is recommended. Used only in the PKCE flow.
         * @example S256
         */
        code_challenge_method: "S256" | "plain";
        /**
         * @description The tenant identifier of the service instance; an application GUID is accepted in its
         *     place. The generated client binds it once (`x-client.bind`).
         * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
         */
        tenantId: string;
        /**
         * @description Selects the flow: `code` (authorization-code grant), `sign_up` (returns the sign-up HTML
         *     form of the login widget), `forgot_password`, `change_details` (needs the temporary code
         *     `code`), `change_password` (needs the directory user id `user_id`).
         * @example code
         */
        response_type: "code" | "sign_up" | "forgot_password" | "change_details" | "change_password";
        /**
         * @description The client identifier, obtained from the service credentials.
         * @example c0f8e2a4-5b7d-4e19-9a36-2f4d8b1c7e05
         */
        client_id: string;
        /**
         * @description Callback URI, invoked after successful authentication or authorization, or after the user
         *     clicks the login button. It receives `code` and `state` on success and `error` and `state`
         *     on failure. A missing, invalid or mismatching value is answered directly with 400 instead
         *     of a redirect.
         * @example https://app.example.com/callback
         */
        redirect_uri: string;
        /**
         * @description Requested scopes, space-separated; should be `openid`.
         * @example openid
         */
        scope: string;
        /**
         * @description A random string the caller validates in later steps; returned unchanged in the redirect
         *     to the callback URI.
         * @example af0ifjsldkj
         */
        state: string;
        /**
         * @description Identity provider to use: an enabled provider name, or `authsvc_anon` for anonymous login.
         *     When it is empty (`idp=`) or omitted, the login widget listing all enabled providers is
         *     returned.
         * @example saml
         */
        idp: "" | "authsvc_anon" | "social_provider_1" | "social_provider_2" | "saml";
        /**
         * @description Optional; returned in the identity token so that replay can be detected.
         * @example n-0S6_WzA2Mj
         */
        nonce: string;
        /**
         * @description Optional; a previously obtained access token that identifies an anonymous user (from
         *     anonymous login with `idp=authsvc_anon`), so that the user keeps that identity.
         */
        authsvc_access_token: string;
        /**
         * @description The directory user id. Required only when `response_type` is `change_password` (a
         *     cross-parameter rule OpenAPI cannot express; the runtime helper enforces it).
         */
        user_id: string;
        /**
         * @description The temporary code from the generate-code endpoint (valid for 15 seconds). Required only
         *     when `response_type` is `change_details` (a cross-parameter rule OpenAPI cannot express; the
         *     runtime helper enforces it).
         */
        temporary_code: string;
        /**
         * @description Client language, in the format of RFC 5646: one language tag (for example `en-US`). The
         *     platform locale identifiers the client SDKs send are accepted too: Apple's (`en_US`,
         *     `zh-Hans_CN`, with keywords as in `en_US@calendar=japanese`) and Java's `Locale.toString()`
         *     (`zh_CN_#Hans`, `_GB`, `ja_JP_#u-ca-japanese`), and a space-separated list of tags in order
         *     of preference.
         * @example en-US
         */
        language: string;
        /**
         * @description How the authorization response is returned. The browser SDK sends `web_message`: the result
         *     is posted to the window that opened the sign-in, instead of a redirect carrying it in the
         *     query. Other values (`query`, `fragment`, `form_post`) are the OAuth response modes.
         * @example web_message
         */
        response_mode: string;
        /**
         * @description Whether the service may show a sign-in page. The browser SDK's silent sign-in sends `none`:
         *     answer from the existing session or fail, never prompt (OIDC Core §3.1.2.1).
         * @example none
         */
        prompt: string;
        /**
         * @description The logout callback URI, invoked after successful logout. On failure it receives
         *     `flow=sso_logout` and `error`.
         * @example https://app.example.com/logout/callback
         */
        logout_redirect_uri: string;
        /**
         * @description Optional; `true` ends all of the user's SSO sessions at once, not only the current one.
         * @example false
         */
        all_sessions: boolean;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getUserInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["UserInfoReturned"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidToken"];
            403: components["responses"]["InsufficientScope"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    postUserInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UserInfoRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["UserInfoRequest"];
            };
        };
        responses: {
            200: components["responses"]["UserInfoReturned"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidToken"];
            403: components["responses"]["InsufficientScope"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    logUserActivity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ActivityLogRequest"];
                "application/x-www-form-urlencoded": components["schemas"]["ActivityLogRequest"];
            };
        };
        responses: {
            /** @description Activity logged; no content is returned. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidToken"];
            403: components["responses"]["InsufficientScope"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    authorize: {
        parameters: {
            query: {
                /**
                 * @description Selects the flow: `code` (authorization-code grant), `sign_up` (returns the sign-up HTML
                 *     form of the login widget), `forgot_password`, `change_details` (needs the temporary code
                 *     `code`), `change_password` (needs the directory user id `user_id`).
                 * @example code
                 */
                response_type: components["parameters"]["response_type"];
                /**
                 * @description The client identifier, obtained from the service credentials.
                 * @example c0f8e2a4-5b7d-4e19-9a36-2f4d8b1c7e05
                 */
                client_id: components["parameters"]["client_id"];
                /**
                 * @description Callback URI, invoked after successful authentication or authorization, or after the user
                 *     clicks the login button. It receives `code` and `state` on success and `error` and `state`
                 *     on failure. A missing, invalid or mismatching value is answered directly with 400 instead
                 *     of a redirect.
                 * @example https://app.example.com/callback
                 */
                redirect_uri: components["parameters"]["redirect_uri"];
                /**
                 * @description Requested scopes, space-separated; should be `openid`.
                 * @example openid
                 */
                scope?: components["parameters"]["scope"];
                /**
                 * @description A random string the caller validates in later steps; returned unchanged in the redirect
                 *     to the callback URI.
                 * @example af0ifjsldkj
                 */
                state?: components["parameters"]["state"];
                /**
                 * @description Identity provider to use: an enabled provider name, or `authsvc_anon` for anonymous login.
                 *     When it is empty (`idp=`) or omitted, the login widget listing all enabled providers is
                 *     returned.
                 * @example saml
                 */
                idp?: components["parameters"]["idp"];
                /**
                 * @description Optional; returned in the identity token so that replay can be detected.
                 * @example n-0S6_WzA2Mj
                 */
                nonce?: components["parameters"]["nonce"];
                /**
                 * @description Optional; a previously obtained access token that identifies an anonymous user (from
                 *     anonymous login with `idp=authsvc_anon`), so that the user keeps that identity.
                 */
                authsvc_access_token?: components["parameters"]["authsvc_access_token"];
                /**
                 * @description The directory user id. Required only when `response_type` is `change_password` (a
                 *     cross-parameter rule OpenAPI cannot express; the runtime helper enforces it).
                 */
                user_id?: components["parameters"]["user_id"];
                /**
                 * @description The temporary code from the generate-code endpoint (valid for 15 seconds). Required only
                 *     when `response_type` is `change_details` (a cross-parameter rule OpenAPI cannot express; the
                 *     runtime helper enforces it).
                 */
                code?: components["parameters"]["temporary_code"];
                /**
                 * @description Client language, in the format of RFC 5646: one language tag (for example `en-US`). The
                 *     platform locale identifiers the client SDKs send are accepted too: Apple's (`en_US`,
                 *     `zh-Hans_CN`, with keywords as in `en_US@calendar=japanese`) and Java's `Locale.toString()`
                 *     (`zh_CN_#Hans`, `_GB`, `ja_JP_#u-ca-japanese`), and a space-separated list of tags in order
                 *     of preference.
                 * @example en-US
                 */
                language?: components["parameters"]["language"];
                /**
                 * @description How the authorization response is returned. The browser SDK sends `web_message`: the result
                 *     is posted to the window that opened the sign-in, instead of a redirect carrying it in the
                 *     query. Other values (`query`, `fragment`, `form_post`) are the OAuth response modes.
                 * @example web_message
                 */
                response_mode?: components["parameters"]["response_mode"];
                /**
                 * @description Whether the service may show a sign-in page. The browser SDK's silent sign-in sends `none`:
                 *     answer from the existing session or fail, never prompt (OIDC Core §3.1.2.1).
                 * @example none
                 */
                prompt?: components["parameters"]["prompt"];
                /**
                 * @description PKCE code challenge: base64url(SHA-256(code_verifier)) for `S256`, or the verifier
                 *     itself for `plain`. Required only for the PKCE flow. RFC 7636 challenges are 43 to 128
                 *     unreserved characters (the runtime helper `createPkcePair` makes such values), but no
                 *     format is imposed here.
                 * @example E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM
                 */
                code_challenge?: components["parameters"]["code_challenge"];
                /**
                 * @description How `code_challenge` was derived; `S256` is recommended. Used only in the PKCE flow.
                 * @example S256
                 */
                code_challenge_method?: components["parameters"]["code_challenge_method"];
            };
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["AuthorizationSignUpForm"];
            302: components["responses"]["AuthorizationGranted"];
            303: components["responses"]["AuthorizationDenied"];
            307: components["responses"]["AuthorizationUi"];
            400: components["responses"]["AuthorizationRejected"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    requestTokens: {
        parameters: {
            query?: {
                /**
                 * @description Optional; returned in the identity token so that replay can be detected.
                 * @example n-0S6_WzA2Mj
                 */
                nonce?: components["parameters"]["nonce"];
            };
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PkceTokenRequest"];
                "multipart/form-data": components["schemas"]["PkceTokenRequest"];
                "application/json": components["schemas"]["PkceTokenRequest"];
            };
        };
        responses: {
            200: components["responses"]["TokenIssued"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidClient"];
            403: components["responses"]["TokenForbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    revokeRefreshToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["RevocationRequest"];
                "multipart/form-data": components["schemas"]["RevocationRequest"];
            };
        };
        responses: {
            /** @description The refresh token was revoked (or was already invalid); no content is returned. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidClient"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    introspectToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["IntrospectionRequest"];
                "multipart/form-data": components["schemas"]["IntrospectionRequest"];
            };
        };
        responses: {
            /** @description The introspection result for a valid or an expired token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntrospectionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["InvalidClient"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    preflightIntrospect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Preflight succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    getPublicKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PublicKeys"];
            400: components["responses"]["InvalidTenantId"];
            404: components["responses"]["TenantNotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    generateTemporaryCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The temporary code. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": components["schemas"]["TemporaryCode"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description Invalid username or password. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
    logoutSso: {
        parameters: {
            query: {
                /**
                 * @description The client identifier, obtained from the service credentials.
                 * @example c0f8e2a4-5b7d-4e19-9a36-2f4d8b1c7e05
                 */
                client_id: components["parameters"]["client_id"];
                /**
                 * @description The logout callback URI, invoked after successful logout. On failure it receives
                 *     `flow=sso_logout` and `error`.
                 * @example https://app.example.com/logout/callback
                 */
                redirect_uri: components["parameters"]["logout_redirect_uri"];
                /**
                 * @description Optional; `true` ends all of the user's SSO sessions at once, not only the current one.
                 * @example false
                 */
                all_sessions?: components["parameters"]["all_sessions"];
            };
            header?: never;
            path: {
                /**
                 * @description The tenant identifier of the service instance; an application GUID is accepted in its
                 *     place. The generated client binds it once (`x-client.bind`).
                 * @example 6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41
                 */
                tenantId: components["parameters"]["tenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logout succeeded; redirect to the logout callback URI. */
            302: {
                headers: {
                    /** @description The logout callback URI. */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description Logout failed; redirect to the logout callback URI carrying `flow=sso_logout` and
             *     `error` (`SsoLogoutCallbackError`). Callers must parse the `Location` query rather than
             *     rely on the status code.
             */
            303: {
                headers: {
                    /** @description The logout callback URI with `flow=sso_logout` and `error` appended. */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["ServerError"];
        };
    };
}
