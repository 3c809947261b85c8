/**
 * The `svcen*` notification fields are strings whose content is JSON (§2.1). These builders
 * take structured values, check them against the inner shapes the document gives in
 * `contentSchema`, and serialize them, so a caller never hand-writes escaped JSON. Errors name
 * the field and the rule, never the value (addresses and numbers are personal data).
 */
import { helperRules } from "../../generated/notifications-v1/helper-rules.js";
import { rules } from "../../generated/notifications-v1/rules.js";
import type { components } from "../../generated/notifications-v1/types.js";
import { InputError } from "../core/errors.js";
import { checkHeaderValue } from "../core/header-value.js";
import { firstViolation } from "../core/rules.js";

export type PushPlatform = components["schemas"]["PushPlatform"];
export type PushTargets = components["schemas"]["PushTargets"];
export type PushBody = components["schemas"]["PushBody"];
export type PushHeaders = components["schemas"]["PushHeaders"];

/** The push platforms the document's `PushPlatform` enum lists. */
export const PUSH_PLATFORMS: readonly PushPlatform[] = helperRules.schemas.PushPlatform.enum;

const schemas = { ...rules.schemas, ...helperRules.schemas };
type InnerSchema = "PushTargets" | "MailToList" | "SmsToList" | "TemplateIdList" | "PushBody" | "PushHeaders";

/** Throws for the first rule of the field's `contentSchema` that `value` breaks; the error names the place, never the value. */
function checkInner(schema: InnerSchema, field: string, value: unknown): void {
  const violation = firstViolation(schemas[schema], value, field, schemas);
  if (violation) throw new InputError(violation.field, violation.keyword, violation.message);
}

// JSON Schema's `format: email` (MailToList items) is left to helpers by the rules; this is ajv-formats' expression, so what passes here passes there.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `svcenpushto`: push to platforms and/or to user ids. */
export function pushTo(targets: PushTargets): string {
  const field = "svcenpushto";
  if (!isPlainObject(targets)) throw new InputError(field, "type", `${field}: must be an object`);
  checkInner("PushTargets", field, targets);
  return JSON.stringify(targets);
}

/** `svcenmailto`: email addresses. */
export function mailTo(addresses: readonly string[]): string {
  const field = "svcenmailto";
  checkInner("MailToList", field, addresses);
  addresses.forEach((value, i) => {
    if (!EMAIL.test(value)) throw new InputError(`${field}[${i}]`, "format", `${field}[${i}]: must be an email address`);
  });
  return JSON.stringify(addresses);
}

/** `svcensmsto`: phone numbers in the form the document states (E.164). */
export function smsTo(numbers: readonly string[]): string {
  checkInner("SmsToList", "svcensmsto", numbers);
  return JSON.stringify(numbers);
}

/** `svcentemplates`: template identifiers. */
export function templateIds(ids: readonly string[]): string {
  checkInner("TemplateIdList", "svcentemplates", ids);
  return JSON.stringify(ids);
}

/** A provider-specific push body (`svcenmobile{1,2,3}body`, `svcenbrowser{1,2,3}body`). */
export function pushBody(field: string, body: PushBody): string {
  if (!isPlainObject(body)) throw new InputError(field, "type", `${field}: must be a plain object`);
  checkInner("PushBody", field, body);
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch {
    // Cycles and BigInt cannot be serialized; the value itself is not echoed.
    throw new InputError(field, "json", `${field}: must be serializable as JSON`);
  }
  return text;
}

/** `svcenmobile2headers`: header names to string values. */
export function pushHeaders(headers: PushHeaders): string {
  const field = "svcenmobile2headers";
  if (!isPlainObject(headers)) throw new InputError(field, "type", `${field}: must be a plain object`);
  checkInner("PushHeaders", field, headers);
  // The provider sends these as HTTP header fields: the client's own header-value rule (RFC 9110 §5.5) applies to names and values alike.
  for (const [name, value] of Object.entries(headers)) {
    checkHeaderValue(`${field}.${name}`, name);
    checkHeaderValue(`${field}.${name}`, value);
  }
  return JSON.stringify(headers);
}
