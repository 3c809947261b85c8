/**
 * Builds the send-notification payload (§2.1) from structured values: the JSON-in-string
 * `svcen*` fields are serialized by ./json-fields.ts, the rest is checked and copied.
 */
import type { components } from "../../generated/notifications-v1/types.js";
import { InputError } from "../core/errors.js";
import { mailTo, pushBody, pushHeaders, pushTo, smsTo, templateIds, type PushBody, type PushHeaders, type PushTargets } from "./json-fields.js";

export type Notification = components["schemas"]["Notification"];

const SOURCE_ID = /^[A-Za-z0-9:_-]{1,100}$/;
// RFC 3339 date-time, as JSON Schema's `format: date-time`.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

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

function requiredText(field: string, value: unknown): string {
  if (value === undefined) throw new InputError(field, "required");
  if (typeof value !== "string") throw new InputError(field, "type", `${field}: must be a string`);
  if (value.length === 0) throw new InputError(field, "minLength", `${field}: must not be empty`);
  return value;
}

function optionalText(field: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new InputError(field, "type", `${field}: must be a string`);
  return value;
}

function eventTime(value: string | Date | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new InputError("time", "format", "time: invalid Date");
    return value.toISOString();
  }
  if (typeof value !== "string" || !DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InputError("time", "format", "time: must be an RFC 3339 date-time");
  }
  return value;
}

function bodies(prefix: "svcenmobile" | "svcenbrowser", given: Partial<Record<Slot, PushBody>> | undefined) {
  const out: Record<string, string> = {};
  if (given === undefined) return out;
  for (const key of Object.keys(given)) {
    if (!["1", "2", "3"].includes(key)) throw new InputError(`${prefix}${key}body`, "enum", `${prefix}Nbody: N must be 1, 2 or 3`);
    const body = given[Number(key) as Slot];
    if (body !== undefined) out[`${prefix}${key}body`] = pushBody(`${prefix}${key}body`, body);
  }
  return out;
}

export function buildNotification(input: NotificationInput): Notification {
  if (input === null || typeof input !== "object") throw new InputError("notification", "type");
  if (input.sourceId === undefined) throw new InputError("svcensourceid", "required", "sourceId is required");
  if (typeof input.sourceId !== "string" || !SOURCE_ID.test(input.sourceId)) {
    throw new InputError("svcensourceid", "pattern", "sourceId: 1 to 100 letters, digits, hyphen, colon, underscore");
  }
  const svcensourceid = `${input.sourceId}:api`;
  if (input.data !== undefined && (input.data === null || typeof input.data !== "object" || Array.isArray(input.data))) {
    throw new InputError("data", "type", "data: must be an object");
  }
  const fields: Record<string, unknown> = {
    id: requiredText("id", input.id),
    type: requiredText("type", input.type),
    source: requiredText("source", input.source),
    specversion: "1.0",
    time: eventTime(input.time),
    datacontenttype: optionalText("datacontenttype", input.datacontenttype),
    data: input.data,
    svcenseverity: optionalText("svcenseverity", input.severity),
    svcensourceid,
    svcensubject: optionalText("svcensubject", input.subject),
    svcensmstext: optionalText("svcensmstext", input.smsText),
    svcendefaultshort: requiredText("svcendefaultshort", input.defaultShort),
    svcendefaultlong: requiredText("svcendefaultlong", input.defaultLong),
    svcenhtmlbody: optionalText("svcenhtmlbody", input.htmlBody),
    ...bodies("svcenmobile", input.mobileBodies),
    svcenmobile2headers: input.mobile2Headers === undefined ? undefined : pushHeaders(input.mobile2Headers),
    ...bodies("svcenbrowser", input.browserBodies),
    svcenpushto: input.pushTo === undefined ? undefined : pushTo(input.pushTo),
    svcenmailto: input.mailTo === undefined ? undefined : mailTo(input.mailTo),
    svcensmsto: input.smsTo === undefined ? undefined : smsTo(input.smsTo),
    svcentemplates: input.templates === undefined ? undefined : templateIds(input.templates),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Notification;
}
