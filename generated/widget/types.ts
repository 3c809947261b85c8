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
             * @description Marks a flexible subscription; value 1. Required for a flexible subscription.
             * @enum {unknown}
             */
            flex?: 1 | true;
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
            /** @description The request was rejected (`success` = 0, `error` says why), e.g. a missing field or both/neither package identifier. */
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
