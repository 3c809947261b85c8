/**
 * The `svcen*` notification fields are strings whose content is JSON (§2.1). These builders
 * take structured values, check them against the inner shapes the document gives in
 * `contentSchema`, and serialize them, so a caller never hand-writes escaped JSON. Errors name
 * the field and the rule, never the value (addresses and numbers are personal data).
 */
import type { components } from "../../generated/notifications-v1/types.js";
import { InputError } from "../core/errors.js";

export type PushPlatform = components["schemas"]["PushPlatform"];
export type PushTargets = components["schemas"]["PushTargets"];
export type PushBody = components["schemas"]["PushBody"];
export type PushHeaders = components["schemas"]["PushHeaders"];

export const PUSH_PLATFORMS: readonly PushPlatform[] = [
  "push_browser_1",
  "push_browser_2",
  "push_browser_3",
  "push_mobile_1",
  "push_mobile_2",
  "push_mobile_3",
];

// Same expression as ajv-formats' `email` (the document's `format: email`), so what passes here passes there.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const E164 = /^\+[1-9][0-9]{1,14}$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A non-empty list of distinct strings, each passing `check` (which names its own rule). */
function checkList(
  field: string,
  values: unknown,
  item: (value: unknown, at: string) => void,
): string[] {
  if (!Array.isArray(values)) throw new InputError(field, "type", `${field}: must be an array`);
  if (values.length === 0) throw new InputError(field, "minItems", `${field}: at least one entry`);
  const seen = new Set<unknown>();
  values.forEach((value, i) => {
    const at = `${field}[${i}]`;
    item(value, at);
    if (seen.has(value)) throw new InputError(at, "uniqueItems", `${at}: duplicate entry`);
    seen.add(value);
  });
  return values as string[];
}

function nonEmptyString(value: unknown, at: string): void {
  if (typeof value !== "string") throw new InputError(at, "type", `${at}: must be a string`);
  if (value.length === 0) throw new InputError(at, "minLength", `${at}: must not be empty`);
}

/** `svcenpushto`: push to platforms (of the six listed) and/or to user ids. */
export function pushTo(targets: PushTargets): string {
  const field = "svcenpushto";
  if (!isPlainObject(targets)) throw new InputError(field, "type", `${field}: must be an object`);
  const { platforms, user_ids } = targets as { platforms?: unknown; user_ids?: unknown };
  if (platforms === undefined && user_ids === undefined) {
    throw new InputError(field, "required", `${field}: give platforms or user_ids`);
  }
  const out: { platforms?: string[]; user_ids?: string[] } = {};
  if (platforms !== undefined) {
    out.platforms = checkList(`${field}.platforms`, platforms, (value, at) => {
      if (!PUSH_PLATFORMS.includes(value as PushPlatform)) {
        throw new InputError(at, "enum", `${at}: must be one of ${PUSH_PLATFORMS.join(", ")}`);
      }
    });
  }
  if (user_ids !== undefined) out.user_ids = checkList(`${field}.user_ids`, user_ids, nonEmptyString);
  return JSON.stringify(out);
}

/** `svcenmailto`: email addresses. */
export function mailTo(addresses: readonly string[]): string {
  return JSON.stringify(
    checkList("svcenmailto", addresses, (value, at) => {
      nonEmptyString(value, at);
      if (!EMAIL.test(value as string)) throw new InputError(at, "format", `${at}: must be an email address`);
    }),
  );
}

/** `svcensmsto`: phone numbers in E.164 form (`+` and up to 15 digits). */
export function smsTo(numbers: readonly string[]): string {
  return JSON.stringify(
    checkList("svcensmsto", numbers, (value, at) => {
      nonEmptyString(value, at);
      if (!E164.test(value as string)) throw new InputError(at, "pattern", `${at}: must be an E.164 number such as +15555550123`);
    }),
  );
}

/** `svcentemplates`: template identifiers. */
export function templateIds(ids: readonly string[]): string {
  return JSON.stringify(checkList("svcentemplates", ids, nonEmptyString));
}

/** A provider-specific push body (`svcenmobile{1,2,3}body`, `svcenbrowser{1,2,3}body`). */
export function pushBody(field: string, body: PushBody): string {
  if (!isPlainObject(body)) throw new InputError(field, "type", `${field}: must be a plain object`);
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
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== "string") throw new InputError(`${field}.${name}`, "type", `${field}.${name}: must be a string`);
    if (/[\r\n\0]/.test(name) || /[\r\n\0]/.test(value)) {
      throw new InputError(`${field}.${name}`, "headerSafe", `${field}.${name}: must not contain CR, LF or NUL`);
    }
  }
  return JSON.stringify(headers);
}
