// Generated from openapi/notifications-v1.yaml by scripts/build.ts (openapi-typescript). Do not edit.

export interface paths {
    "/v1/instances/{instance_id}/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a notification
         * @description Sends a notification (a CloudEvents-style event with `svcen*` routing fields) into the
         *     instance; topics whose rules match route it to their subscriptions.
         */
        post: operations["sendNotifications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instances/{instance_id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        /**
         * List sources
         * @description Lists the instance's sources a page at a time (`offset` / `limit`), optionally filtered by `search`.
         */
        get: operations["listSources"];
        put?: never;
        /**
         * Create source
         * @description Creates an API source; `enabled` defaults to true.
         */
        post: operations["createSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instances/{instance_id}/sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
                /** @description Source id (1–100 letters, digits, hyphen, colon, underscore). */
                id: components["parameters"]["SourceIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete source
         * @description Deletes the source.
         */
        delete: operations["deleteSource"];
        options?: never;
        head?: never;
        /**
         * Update source
         * @description Changes the source's `name`, `description` or `enabled` switch (all optional).
         */
        patch: operations["updateSource"];
        trace?: never;
    };
    "/v1/instances/{instance_id}/topics": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        /**
         * List topics
         * @description Lists the instance's topics a page at a time (`offset` / `limit`), optionally filtered by `search`.
         */
        get: operations["listTopics"];
        put?: never;
        /**
         * Create topic
         * @description Creates a topic that routes the events of up to 100 sources, selected by rules.
         */
        post: operations["createTopic"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instances/{instance_id}/topics/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
                /** @description Topic id (36 characters, UUID shape). */
                id: components["parameters"]["TopicIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get topic
         * @description Returns the topic in full, with its sources, their rules and its subscriptions.
         */
        get: operations["getTopic"];
        /**
         * Replace topic
         * @description Replaces the topic's name, description and sources (with their rules).
         */
        put: operations["replaceTopic"];
        post?: never;
        /**
         * Delete topic
         * @description Deletes the topic.
         */
        delete: operations["deleteTopic"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/instances/{instance_id}/templates": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        /**
         * List templates
         * @description Lists the instance's templates a page at a time (`offset` / `limit`), optionally filtered by `search`.
         */
        get: operations["listTemplates"];
        put?: never;
        /**
         * Create template
         * @description Creates an email (`smtp_custom.notification`, `smtp_custom.invitation`) or chat
         *     (`chat.notification`) template. `params.body` is base64-encoded; email templates also
         *     carry `params.subject`, chat templates carry `body` only.
         */
        post: operations["createTemplate"];
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
         * @description The common text pattern of name and description fields: 1–255 characters of letters,
         *     digits, space and `- _ / . ? : ' " ; , + = ! # @ $ % ^ & * ( )`. No angle brackets,
         *     backslashes or control characters (newline, tab).
         */
        CommonText: string;
        /**
         * @description Name and description text of templates. The interface document says templates
         *     additionally accept "a trailing space in that set": the character class of
         *     `CommonText` with a space appended, which already contains the space, so the rule is
         *     `CommonText` itself (a name such as `"Expiry mail "` ends in a space and is valid).
         */
        TemplateText: components["schemas"]["CommonText"];
        /** @description Instance identifier; hexadecimal groups of 8-4-4-4 characters followed by further hexadecimal characters. */
        InstanceId: string;
        /** @description Source identifier; 1–100 letters, digits, hyphen, colon, underscore. */
        SourceId: string;
        /** @description Topic identifier; 36 characters, hexadecimal groups 8-4-4-4-12. */
        TopicId: string;
        /** Format: date-time */
        DateTime: string;
        /** @description Link to a page of the same list (`limit` and `offset` in the query). */
        Href: {
            /** Format: uri */
            href: string;
        };
        /** @enum {string} */
        PushPlatform: "push_browser_1" | "push_browser_2" | "push_browser_3" | "push_mobile_1" | "push_mobile_2" | "push_mobile_3";
        /** @description Push platforms to deliver to. */
        PushPlatforms: components["schemas"]["PushPlatform"][];
        /** @description Ids of the users to push to. */
        PushUserIds: string[];
        /**
         * @description Inner JSON of `svcenpushto`; selects push targets by `platforms` or by `user_ids` (the
         *     interface document's two lists), or, as the service's SDKs also send, by subscribed `tags` or
         *     by device-id lists (`fcm_devices`, `apns_devices`, `huawei_devices`, `chrome_devices`,
         *     `firefox_devices`, `safari_devices`). At least one of these lists is present. `platforms`,
         *     `tags` and `user_ids` may be given together, and so may device lists, but the two kinds are
         *     not mixed: the SDKs say that when `platforms`, `tags` or `user_ids` is used, no device list
         *     is used with it.
         */
        PushTargets: {
            platforms?: components["schemas"]["PushPlatforms"];
            user_ids?: components["schemas"]["PushUserIds"];
            tags?: components["schemas"]["PushTags"];
            fcm_devices?: components["schemas"]["PushDeviceIds"];
            apns_devices?: components["schemas"]["PushDeviceIds"];
            huawei_devices?: components["schemas"]["PushDeviceIds"];
            chrome_devices?: components["schemas"]["PushDeviceIds"];
            firefox_devices?: components["schemas"]["PushDeviceIds"];
            safari_devices?: components["schemas"]["PushDeviceIds"];
        } & ((unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown | unknown) & unknown);
        /** @description Inner JSON of `svcenmailto`; email addresses. */
        MailToList: string[];
        /** @description Inner JSON of `svcensmsto`; phone numbers. */
        SmsToList: string[];
        /** @description Inner JSON of `svcentemplates`; template identifiers. */
        TemplateIdList: string[];
        /** @description Inner JSON of the `svcenmobile*body` / `svcenbrowser*body` fields; the provider-specific push payload. */
        PushBody: {
            [key: string]: unknown;
        };
        /** @description Inner JSON of `svcenmobile2headers`; headers for the second mobile platform's push. */
        PushHeaders: {
            [key: string]: string;
        };
        /**
         * @description A notification (event) sent into an instance. The `svcen*` fields marked
         *     "string holding JSON" carry serialized JSON (`contentMediaType: application/json`)
         *     whose shape is given in `contentSchema`.
         */
        Notification: {
            /** @description Notification identifier. */
            id: string;
            /** @description Date-time of the event. */
            time?: components["schemas"]["DateTime"];
            /** @description Event type. */
            type: string;
            /** @description Event source. */
            source: string;
            /**
             * @description Event specification version; its only value is `1.0`.
             * @constant
             */
            specversion: "1.0";
            /** @description Media type of `data`. */
            datacontenttype?: string;
            /** @description Event data. */
            data?: {
                [key: string]: unknown;
            };
            /** @description Severity. */
            svcenseverity?: string;
            /** @description Identifier of the source, shape `<source_id>:api`. */
            svcensourceid: string;
            /** @description Email subject. */
            svcensubject?: string;
            /** @description SMS text. */
            svcensmstext?: string;
            /** @description Default short message. */
            svcendefaultshort: string;
            /** @description Default long message. */
            svcendefaultlong: string;
            /** @description HTML email body. */
            svcenhtmlbody?: string;
            /** @description String holding JSON; provider-specific push body for the first mobile platform. */
            svcenmobile1body?: string;
            /** @description String holding JSON; provider-specific push body for the second mobile platform. */
            svcenmobile2body?: string;
            /** @description String holding JSON; headers for the second mobile platform's push. */
            svcenmobile2headers?: string;
            /** @description String holding JSON; provider-specific push body for the third mobile platform. */
            svcenmobile3body?: string;
            /** @description String holding JSON; push body for the first browser platform. */
            svcenbrowser1body?: string;
            /** @description String holding JSON; push body for the second browser platform. */
            svcenbrowser2body?: string;
            /** @description String holding JSON; push body for the third browser platform. */
            svcenbrowser3body?: string;
            /**
             * @description String holding JSON; push targets, e.g. `{"platforms":["push_mobile_1"]}` or `{"user_ids":["u1"]}`.
             *     The pattern states on the string the two rules of `PushTargets` that every validator can
             *     evaluate (a validator does not look inside `contentSchema`): at least one of the named
             *     lists is present, and a device list (`fcm_devices` … `safari_devices`) is not sent together
             *     with `platforms`, `tags` or `user_ids`.
             */
            svcenpushto?: string;
            /** @description String holding JSON; array of email addresses. */
            svcenmailto?: string;
            /** @description String holding JSON; array of phone numbers. */
            svcensmsto?: string;
            /** @description String holding JSON; array of template identifiers. */
            svcentemplates?: string;
        };
        NotificationResponse: {
            /** @description Identifier of the notification. */
            notification_id: string;
        };
        SourceCreateRequest: {
            name: components["schemas"]["CommonText"];
            description: components["schemas"]["CommonText"];
            /** @default true */
            enabled?: boolean;
            /** @description Whether the source keeps the payload of its incoming notifications for troubleshooting. */
            store_notifications?: boolean;
        };
        /** @description All fields optional; only the given ones change. */
        SourceUpdateRequest: {
            name?: components["schemas"]["CommonText"];
            description?: components["schemas"]["CommonText"];
            enabled?: boolean;
            /** @description Whether the source keeps the payload of its incoming notifications for troubleshooting. */
            store_notifications?: boolean;
        };
        /** @description A source as returned by create. */
        SourceCreated: {
            id: components["schemas"]["SourceId"];
            name: components["schemas"]["CommonText"];
            description?: components["schemas"]["CommonText"];
            /** @default true */
            enabled?: boolean;
            /** @description Source type, e.g. `api`. */
            type?: string;
            created_at?: components["schemas"]["DateTime"];
        };
        /** @description A source as returned by get, update and list. */
        Source: {
            id: components["schemas"]["SourceId"];
            name: components["schemas"]["CommonText"];
            description?: components["schemas"]["CommonText"];
            /** @default true */
            enabled?: boolean;
            /** @description Whether the source keeps the payload of its incoming notifications for troubleshooting. */
            store_notifications?: boolean;
            /** @description Source type, e.g. `api`. */
            type?: string;
            updated_at?: components["schemas"]["DateTime"];
            topic_count?: number;
            topic_names?: string[];
        };
        /** @description A page of sources. */
        SourceList: {
            total_count: number;
            offset?: number;
            limit?: number;
            sources: components["schemas"]["Source"][];
            first?: components["schemas"]["Href"];
            next?: components["schemas"]["Href"];
        };
        /** @description A rule selecting which of a source's notifications the topic routes. */
        RuleRequest: {
            /**
             * @description Whether the rule routes notifications; true when omitted.
             * @default true
             */
            enabled?: boolean;
            /** @description Path expression over the notification, e.g. `$.notification_event_info.event_type == 'cert_manager'`, or the match-all expression `$.*`. */
            event_type_filter?: string;
            /** @description Optional path expression over the notification body. */
            notification_filter?: string;
            /** @description A schedule on which the rule fires (a cron `expression` between `starts_at` and `ends_at`), as the SDKs send it. */
            event_schedule_filter?: {
                starts_at?: components["schemas"]["DateTime"];
                ends_at?: components["schemas"]["DateTime"];
                /** @description Cron expression, e.g. `* * * * *`. */
                expression?: string;
            };
        };
        /** @description A rule as returned in a topic. */
        Rule: {
            id?: string;
            enabled?: boolean;
            event_type_filter?: string;
            notification_filter?: string;
            updated_at?: components["schemas"]["DateTime"];
        };
        TopicSourceRequest: {
            id: components["schemas"]["SourceId"];
            rules: components["schemas"]["RuleRequest"][];
        };
        /** @description A source of a topic as returned in responses. */
        TopicSource: {
            id?: components["schemas"]["SourceId"];
            name?: string;
            rules?: components["schemas"]["Rule"][];
        };
        /** @description Sources of the topic (0–100). */
        TopicSources: components["schemas"]["TopicSourceRequest"][];
        TopicCreateRequest: {
            name: components["schemas"]["CommonText"];
            description?: components["schemas"]["CommonText"];
            sources?: components["schemas"]["TopicSources"];
        };
        TopicReplaceRequest: {
            name?: components["schemas"]["CommonText"];
            description?: components["schemas"]["CommonText"];
            sources?: components["schemas"]["TopicSources"];
        };
        /** @description A subscription of a topic as listed in it. */
        Subscription: {
            id?: string;
            name?: components["schemas"]["CommonText"];
            description?: components["schemas"]["CommonText"];
            destination_id?: string;
            /** @description Destination kind, for example `sms_svc`. */
            destination_type?: string;
            topic_id?: components["schemas"]["TopicId"];
            updated_at?: components["schemas"]["DateTime"];
        };
        /** @description A topic as returned by create. */
        TopicCreated: {
            id: components["schemas"]["TopicId"];
            name: components["schemas"]["CommonText"];
            description?: components["schemas"]["CommonText"];
            created_at?: components["schemas"]["DateTime"];
        };
        /** @description A topic in full (get and replace). */
        Topic: {
            id: components["schemas"]["TopicId"];
            name: components["schemas"]["CommonText"];
            description?: components["schemas"]["CommonText"];
            updated_at?: components["schemas"]["DateTime"];
            source_count?: number;
            sources?: components["schemas"]["TopicSource"][];
            subscription_count?: number;
            subscriptions?: components["schemas"]["Subscription"][];
        };
        TopicListItem: {
            id: components["schemas"]["TopicId"];
            name: components["schemas"]["CommonText"];
            description?: components["schemas"]["CommonText"];
            source_count?: number;
            sources_names?: string[];
            subscription_count?: number;
        };
        /** @description A page of topics. */
        TopicList: {
            total_count: number;
            offset?: number;
            limit?: number;
            topics: components["schemas"]["TopicListItem"][];
            first?: components["schemas"]["Href"];
            next?: components["schemas"]["Href"];
        };
        /** @enum {string} */
        TemplateType: "smtp_custom.notification" | "smtp_custom.invitation" | "chat.notification";
        /** @description Base64-encoded content. */
        Base64Content: string;
        /** @description Parameters of the two email template types. */
        EmailTemplateParams: {
            body: components["schemas"]["Base64Content"];
            subject?: string;
        };
        /** @description Parameters of the chat template type; `body` only (closed object). */
        ChatTemplateParams: {
            body: components["schemas"]["Base64Content"];
        };
        EmailTemplateCreateRequest: {
            name: components["schemas"]["TemplateText"];
            description?: components["schemas"]["TemplateText"];
            /** @enum {string} */
            type: "smtp_custom.notification" | "smtp_custom.invitation";
            params: components["schemas"]["EmailTemplateParams"];
        };
        ChatTemplateCreateRequest: {
            name: components["schemas"]["TemplateText"];
            description?: components["schemas"]["TemplateText"];
            /** @constant */
            type: "chat.notification";
            params: components["schemas"]["ChatTemplateParams"];
        };
        /** @description An email or a chat template; `type` decides the shape of `params`. */
        TemplateCreateRequest: components["schemas"]["EmailTemplateCreateRequest"] | components["schemas"]["ChatTemplateCreateRequest"];
        /** @description A template as returned by create. */
        TemplateCreated: {
            id: string;
            name: components["schemas"]["TemplateText"];
            description?: components["schemas"]["TemplateText"];
            type: components["schemas"]["TemplateType"];
            params?: components["schemas"]["EmailTemplateParams"] | components["schemas"]["ChatTemplateParams"];
            created_at?: components["schemas"]["DateTime"];
        };
        TemplateListItem: {
            id: string;
            name: components["schemas"]["TemplateText"];
            description?: components["schemas"]["TemplateText"];
            type: components["schemas"]["TemplateType"];
            subscription_count?: number;
            subscription_names?: string[];
            updated_at?: components["schemas"]["DateTime"];
        };
        /** @description A page of templates. */
        TemplateList: {
            total_count: number;
            offset?: number;
            limit?: number;
            templates: components["schemas"]["TemplateListItem"][];
            first?: components["schemas"]["Href"];
            next?: components["schemas"]["Href"];
        };
        ErrorItem: {
            /** @description Error code: incorrect_json, unauthorized, not_found, source_conflict, topic_conflict, media_type_error, cnfser01, or the assumed codes of 403, 408, 429 and 503. */
            code: string;
            message: string;
            /** Format: uri */
            more_info: string;
        };
        ErrorResponse: {
            /** @description Identifier of the failed request. */
            trace: string;
            status_code: number;
            errors: components["schemas"]["ErrorItem"][];
        };
        /** @description Tags; the push goes to the devices subscribed to any of them. */
        PushTags: string[];
        /** @description Ids of the devices of one push platform to push to. */
        PushDeviceIds: string[];
    };
    responses: {
        /** @description Incomplete or wrongly formatted input (`incorrect_json`). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Missing or rejected IAM token (`unauthorized`). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The supplied authentication is not authorized to access the resource. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The requested resource was not found (`not_found`). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request timed out. */
        RequestTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A source with that name already exists (`source_conflict`). */
        SourceConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A topic with that name already exists (`topic_conflict`). */
        TopicConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request body was not sent as `application/json` (`media_type_error`). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description More than 1000 calls per second. */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Unexpected internal server error (`cnfser01`). */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Service temporarily unavailable (overload or maintenance). */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
        InstanceId: components["schemas"]["InstanceId"];
        /** @description Source id (1–100 letters, digits, hyphen, colon, underscore). */
        SourceIdPath: components["schemas"]["SourceId"];
        /** @description Topic id (36 characters, UUID shape). */
        TopicIdPath: components["schemas"]["TopicId"];
        /** @description Page size. */
        Limit: number;
        /** @description Number of items to skip. */
        Offset: number;
        /** @description Filter text (letters and digits). */
        Search: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    sendNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Notification"];
            };
        };
        responses: {
            /** @description The notification was accepted into the instance; routing to the subscriptions happens afterwards. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSources: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Filter text (letters and digits). */
                search?: components["parameters"]["Search"];
            };
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sources. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SourceCreateRequest"];
            };
        };
        responses: {
            /** @description The source was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["SourceConflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
                /** @description Source id (1–100 letters, digits, hyphen, colon, underscore). */
                id: components["parameters"]["SourceIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The source was deleted; no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
                /** @description Source id (1–100 letters, digits, hyphen, colon, underscore). */
                id: components["parameters"]["SourceIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SourceUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated source. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Source"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["SourceConflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTopics: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Filter text (letters and digits). */
                search?: components["parameters"]["Search"];
            };
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of topics. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createTopic: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TopicCreateRequest"];
            };
        };
        responses: {
            /** @description The topic was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TopicCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["TopicConflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getTopic: {
        parameters: {
            query?: {
                /** @description Extra content to include in the topic. Meaning and allowed values are not shown in the interface document. */
                include?: string;
            };
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
                /** @description Topic id (36 characters, UUID shape). */
                id: components["parameters"]["TopicIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The topic in full. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Topic"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    replaceTopic: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
                /** @description Topic id (36 characters, UUID shape). */
                id: components["parameters"]["TopicIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TopicReplaceRequest"];
            };
        };
        responses: {
            /** @description The replaced topic in full. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Topic"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["TopicConflict"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteTopic: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
                /** @description Topic id (36 characters, UUID shape). */
                id: components["parameters"]["TopicIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The topic was deleted; no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listTemplates: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /** @description Number of items to skip. */
                offset?: components["parameters"]["Offset"];
                /** @description Filter text (letters and digits). */
                search?: components["parameters"]["Search"];
            };
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of templates. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Instance identifier (10–256 characters, hexadecimal groups 8-4-4-4 followed by further hexadecimal characters). */
                instance_id: components["parameters"]["InstanceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TemplateCreateRequest"];
            };
        };
        responses: {
            /** @description The template was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TemplateCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
