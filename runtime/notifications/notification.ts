/**
 * Builds the send-notification payload (§2.1) from structured values: the JSON-in-string
 * `svcen*` fields are serialized by ./json-fields.ts, the rest is checked and copied.
 */
import { rules } from "../../generated/notifications-v1/rules.js";
import type { components } from "../../generated/notifications-v1/types.js";
import { parseDateTime } from "../core/date-time.js";
import { InputError } from "../core/errors.js";
import { firstViolation } from "../core/rules.js";
import { mailTo, pushBody, pushHeaders, pushTo, smsTo, templateIds, type PushBody, type PushHeaders, type PushTargets } from "./json-fields.js";

export type Notification = components["schemas"]["Notification"];

const NOTIFICATION = rules.schemas.Notification!;

type Slot = 1 | 2 | 3;

export interface NotificationInput {
  /** Notification identifier. */
  id: string;
  /** Event type. */
  type: string;
  /** Event source. */
  source: string;
  /** Date-time of the event. */
  time?: string | Date;
  data?: Record<string, unknown>;
  /** Media type of `data`. */
  datacontenttype?: string;
  severity?: string;
  /** The source's id; sent as `svcensourceid` = `<sourceId>:api`. Required, as by the service's SDKs. */
  sourceId: string;
  subject?: string;
  smsText?: string;
  /** `svcendefaultshort`; required, as by the service's SDKs. */
  defaultShort: string;
  /** `svcendefaultlong`; required, as by the service's SDKs. */
  defaultLong: string;
  htmlBody?: string;
  pushTo?: PushTargets;
  /** Provider push bodies for mobile platforms 1–3. */
  mobileBodies?: Partial<Record<Slot, PushBody>>;
  /** Headers of the second mobile platform's push. */
  mobile2Headers?: PushHeaders;
  /** Push bodies for browser platforms 1–3. */
  browserBodies?: Partial<Record<Slot, PushBody>>;
  mailTo?: readonly string[];
  smsTo?: readonly string[];
  /** Template identifiers. */
  templates?: readonly string[];
}

function eventTime(value: string | Date | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new InputError("time", "format", "time: invalid Date");
    return value.toISOString();
  }
  // `format: date-time` (DateTime), which the rules leave to helpers.
  if (typeof value !== "string" || parseDateTime(value) === undefined) {
    throw new InputError("time", "format", "time: must be an RFC 3339 date-time");
  }
  return value;
}

function bodies(prefix: "svcenmobile" | "svcenbrowser", given: Partial<Record<Slot, PushBody>> | undefined) {
  const out: Record<string, string> = {};
  if (given === undefined) return out;
  for (const key of Object.keys(given)) {
    const field = `${prefix}${key}body`;
    // The document's Notification names one field per platform slot; no other slot exists.
    if (!NOTIFICATION.properties?.[field]) throw new InputError(field, "enum", `${field} is not a field of the notification`);
    const body = given[Number(key) as Slot];
    if (body !== undefined) out[field] = pushBody(field, body);
  }
  return out;
}

export function buildNotification(input: NotificationInput): Notification {
  if (input === null || typeof input !== "object") throw new InputError("notification", "type");
  // Any other value would pass the pattern once ":api" is appended (e.g. a number).
  if (input.sourceId !== undefined && typeof input.sourceId !== "string") {
    throw new InputError("svcensourceid", "type", "sourceId: must be a string");
  }
  const fields: Record<string, unknown> = {
    id: input.id,
    type: input.type,
    source: input.source,
    specversion: NOTIFICATION.properties?.specversion?.const,
    time: eventTime(input.time),
    datacontenttype: input.datacontenttype,
    data: input.data,
    svcenseverity: input.severity,
    svcensourceid: input.sourceId === undefined ? undefined : `${input.sourceId}:api`,
    svcensubject: input.subject,
    svcensmstext: input.smsText,
    svcendefaultshort: input.defaultShort,
    svcendefaultlong: input.defaultLong,
    svcenhtmlbody: input.htmlBody,
    ...bodies("svcenmobile", input.mobileBodies),
    svcenmobile2headers: input.mobile2Headers === undefined ? undefined : pushHeaders(input.mobile2Headers),
    ...bodies("svcenbrowser", input.browserBodies),
    svcenpushto: input.pushTo === undefined ? undefined : pushTo(input.pushTo),
    svcenmailto: input.mailTo === undefined ? undefined : mailTo(input.mailTo),
    svcensmsto: input.smsTo === undefined ? undefined : smsTo(input.smsTo),
    svcentemplates: input.templates === undefined ? undefined : templateIds(input.templates),
  };
  const notification = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  // The document's Notification (required fields, types, lengths, the source id pattern), named by its own field names.
  const violation = firstViolation(NOTIFICATION, notification, "", rules.schemas);
  if (violation) throw new InputError(violation.field, violation.keyword, violation.message);
  return notification as Notification;
}
