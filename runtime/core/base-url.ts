// From masked-error.js, not errors.js: a client's first load holds only the errors its creation and checks throw.
import { InputError } from "./masked-error.js";

/**
 * A base URL credentials may be sent to: absolute, http: or https:, without userinfo (a
 * password in the URL would surface in fetch's errors). The URL itself is never put in the
 * error, since it may be the secret.
 */
export function checkBaseUrl(field: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InputError(field, "format", `${field}: must be an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InputError(field, "protocol", `${field}: must be an http: or https: URL`);
  if (url.username !== "" || url.password !== "") throw new InputError(field, "userinfo", `${field}: must not contain a user name or password`);
  return url;
}

/** A server variable value stays inside its host label or path segment: RFC 3986 unreserved characters only. */
const VARIABLE_VALUE = /^[A-Za-z0-9._~-]+$/;

export function checkServerVariable(name: string, value: string, allowed: readonly string[] | undefined): string {
  if (allowed && !allowed.includes(value)) throw new InputError(name, "enum", `${name}: must be one of ${allowed.join(", ")}`);
  if (!VARIABLE_VALUE.test(value)) throw new InputError(name, "pattern", `${name}: must contain only letters, digits, '-', '.', '_' or '~'`);
  return value;
}
