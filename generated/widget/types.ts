// Generated from openapi/widget.yaml by scripts/build.ts (openapi-typescript). Do not edit.

export interface paths {
    "/developers/flex-api/widget-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a payment-widget URL
         * @description Returns the URL of a payment widget for a subscription package. `package_id` or
         *     `package_sku_id` (at least one; both are allowed) identifies a stored package; `flex` = 1
         *     marks a flexible subscription.
         */
        post: operations["createWidgetUrl"];
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
         * @description Request for a widget URL. At least one of `package_id` and `package_sku_id` must be
         *     present (the interface document: each is required unless the other is present); both
         *     may be sent.
         */
        WidgetUrlRequest: {
            /** @description Project key from the merchant dashboard. */
            key: string;
            /**
             * Format: email
             * @description Email of the end user in the caller's system.
             */
            user_email: string;
            /** @description Stored package id. Required unless `package_sku_id` is present. */
            package_id?: number;
            /** @description Unique SKU id of the stored package. Required unless `package_id` is present. */
            package_sku_id?: string;
            /** @description Extra parameters, e.g. `success_url` and `failure_url`, or user-profile parameters for risk scoring. */
            custom?: ({
                /**
                 * Format: uri
                 * @description Where the widget sends the user after a successful payment.
                 */
                success_url?: string;
                /**
                 * Format: uri
                 * @description Where the widget sends the user after a failed payment.
                 */
                failure_url?: string;
            } & {
                [key: string]: unknown;
            }) | unknown[];
            /**
             * @description Marks a flexible subscription: 1 (or `true`). Required for a flexible subscription; `0` or
             *     `false` (or leaving it out) asks for a stored package.
             * @enum {unknown}
             */
            flex?: 1 | true | 0 | false;
        } & ({
            package_id: number;
        } | {
            package_sku_id: string;
        });
        WidgetUrlSuccess: {
            /**
             * @description 1 when the call succeeded.
             * @constant
             */
            success: 1;
            /**
             * Format: uri
             * @description The payment-widget URL.
             */
            data: string;
        };
        WidgetUrlFailure: {
            /**
             * @description 0 when the call failed.
             * @constant
             */
            success: 0;
            /** @description Why the call failed. */
            error: string;
        };
        /**
         * @description A flexible subscription product ("Flexible package"): what the
         *     widget built with the project's public and secret keys lists in its product list, together
         *     with the user id, the widget code and the extra parameters `flex`=1 and `email`. The HTTP
         *     operation of this document does not carry it; it is published as
         *     `components["schemas"]["FlexibleProduct"]` for code that builds that widget.
         */
        FlexibleProduct: {
            /** @description Price of one period; 0 for a free trial period. */
            amount: number;
            /** @description ISO 4217 currency code, e.g. `USD`. */
            currencyCode: string;
            /** @description Product name shown to the user. */
            name: string;
            /** @description The caller's identifier of the product. */
            productId: string;
            /**
             * @description Product type; `subscription`.
             * @enum {string}
             */
            productType: "subscription";
            /** @description Number of `periodType` units in one billing period. */
            periodLength: number;
            /**
             * @description Unit of the billing period.
             * @enum {string}
             */
            periodType: "day" | "week" | "month";
            /**
             * @description Recurring billing; value 1.
             * @constant
             */
            recurring: 1;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createWidgetUrl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WidgetUrlRequest"];
            };
        };
        responses: {
            /**
             * @description The widget URL was produced (`success` = 1, `data` holds the URL), or the call failed
             *     although the status is 200 (`success` = 0, `error` says why): read `success`, not only
             *     the status.
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetUrlSuccess"] | components["schemas"]["WidgetUrlFailure"];
                };
            };
            /** @description The request was rejected (`success` = 0, `error` says why), e.g. a missing field or neither package identifier. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetUrlFailure"];
                };
            };
            /** @description The project key in `X-ApiKey` is missing or not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetUrlFailure"];
                };
            };
            /** @description The service failed unexpectedly (`success` = 0, `error` says so). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetUrlFailure"];
                };
            };
        };
    };
}
