/**
 * Credentials for the metrics service: the `X-Auth-User-Token` value `<kind> <secret>` and the
 * space GUID that goes with it. Building them only through these helpers keeps the header
 * well-formed and makes "a uaa token needs a space GUID" impossible to forget.
 */
import { helperRules } from "../../generated/metrics-v1/helper-rules.js";
import { rules } from "../../generated/metrics-v1/rules.js";
import { InputError } from "../core/errors.js";
import { firstViolation } from "../core/rules.js";

export type TokenKind = "apikey" | "iam" | "uaa";

export const TOKEN_HEADER = "X-Auth-User-Token";
export const SPACE_HEADER = "X-Auth-Scope-Id";

/** The document's `x-value-pattern` of the userToken scheme. */
export const TOKEN_PATTERN = new RegExp(helperRules.securitySchemes.userToken.valuePattern);
/** The document's rule of the X-Auth-Scope-Id header, checked with the checker every request goes through (runtime/core/rules.ts). */
const SPACE_GUID_RULE = rules.operations["GET /v1/metrics"]!.header![SPACE_HEADER];

// Header values must be printable ASCII: fetch rejects other bytes, and CR/LF would inject headers.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// A secret that already reads as a whole header value (in any case) still carries its kind prefix.
const KIND_PREFIX = new RegExp(TOKEN_PATTERN.source, "i");
const INSPECT = Symbol.for("nodejs.util.inspect.custom");

export class UserToken {
  readonly kind: TokenKind;
  readonly spaceGuid: string | undefined;
  // A private field keeps the secret out of spreads, JSON and enumeration.
  readonly #secret: string;

  private constructor(kind: TokenKind, secret: string, spaceGuid: string | undefined) {
    this.kind = kind;
    this.#secret = secret;
    this.spaceGuid = spaceGuid;
  }

  /** @internal Use apikeyToken, iamToken or uaaToken. */
  static create(kind: TokenKind, secret: unknown, spaceGuid: unknown): UserToken {
    return new UserToken(kind, checkSecret(secret), checkSpaceGuid(kind, spaceGuid));
  }

  /** The value of the X-Auth-User-Token header. Contains the secret: never log it. */
  headerValue(): string {
    return `${this.kind} ${this.#secret}`;
  }

  toString(): string {
    return `${this.kind} [redacted]`;
  }

  toJSON(): { kind: TokenKind; spaceGuid?: string } {
    return this.spaceGuid === undefined ? { kind: this.kind } : { kind: this.kind, spaceGuid: this.spaceGuid };
  }

  [INSPECT](): string {
    return `UserToken(${this.toString()}${this.spaceGuid ? `, ${this.spaceGuid}` : ""})`;
  }
}

/** An API key. The space GUID is optional (without it the account is the domain). */
export function apikeyToken(key: string, spaceGuid?: string): UserToken {
  return UserToken.create("apikey", key, spaceGuid);
}

/** An identity-and-access-management token; the space GUID is optional (account domain). */
export function iamToken(token: string, spaceGuid?: string): UserToken {
  return UserToken.create("iam", token, spaceGuid);
}

/** A legacy platform token; it only works with a space GUID (`s-` + the space's GUID). */
export function uaaToken(token: string, spaceGuid: string): UserToken {
  return UserToken.create("uaa", token, spaceGuid);
}

// Messages never quote the secret: InputError messages end up in logs.
function checkSecret(secret: unknown): string {
  if (typeof secret !== "string") {
    throw new InputError(TOKEN_HEADER, "type", "the key or token must be a string");
  }
  if (secret.trim() === "") {
    throw new InputError(TOKEN_HEADER, "required", "the key or token must not be empty or whitespace");
  }
  if (!PRINTABLE_ASCII.test(secret)) {
    throw new InputError(TOKEN_HEADER, "printableAscii", "the key or token may contain printable ASCII characters only");
  }
  if (secret !== secret.trim()) {
    throw new InputError(TOKEN_HEADER, "trimmed", "the key or token must not start or end with whitespace");
  }
  if (KIND_PREFIX.test(secret)) {
    throw new InputError(TOKEN_HEADER, "noKindPrefix", "pass the key or token without its apikey/iam/uaa prefix; the helper adds it");
  }
  return secret;
}

function checkSpaceGuid(kind: TokenKind, spaceGuid: unknown): string | undefined {
  if (spaceGuid === undefined || spaceGuid === null || spaceGuid === "") {
    if (kind === "uaa") {
      throw new InputError(SPACE_HEADER, "requiredWithUaa", "a uaa token needs the space GUID (s-<guid>)");
    }
    return undefined;
  }
  if (typeof spaceGuid !== "string" || !PRINTABLE_ASCII.test(spaceGuid) || firstViolation(SPACE_GUID_RULE, spaceGuid, SPACE_HEADER, rules.schemas)) {
    throw new InputError(SPACE_HEADER, "pattern", "the space GUID must be the GUID prefixed with s- (s-<guid>), without whitespace");
  }
  return spaceGuid;
}
