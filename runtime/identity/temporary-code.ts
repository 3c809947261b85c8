/**
 * The change-details temporary code (GET .../cloud_directory/generate_code), fetched the way the
 * service's SDKs fetch it: the credential carries both of the user's tokens,
 * `Authorization: Bearer <access_token> <id_token>`, and the code is the whole text body.
 */
import type { IdentityV3Client } from "../../generated/identity-v3/client.js";
import type { IdentityV4Client } from "../../generated/identity-v4/client.js";
import { helperRules } from "../../generated/identity-v4/helper-rules.js";
import { InputError } from "../core/errors.js";
import { firstViolation } from "../core/rules.js";
import { unwrap } from "../core/unwrap.js";
import type { IdentityVersion } from "./rules.js";

/** The document's rule for the value after `Bearer ` (bearerAuth `x-value-pattern`), checked by the one checker (runtime/core/rules.ts). */
const BEARER_VALUE = { type: "string", pattern: helperRules.securitySchemes.bearerAuth.valuePattern } as const;

export interface UserTokens {
  /** The user's access token. */
  accessToken: string;
  /** The user's identity token (JWS), sent after the access token. */
  idToken: string;
}

type LooseGet = (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** The `Authorization` value generate_code takes: `Bearer <access_token> <id_token>`. Token values are never echoed. */
export function temporaryCodeAuthorization(tokens: UserTokens): string {
  for (const field of ["accessToken", "idToken"] as const) {
    if (typeof tokens?.[field] !== "string" || tokens[field].length === 0) throw new InputError(field, "required", `${field} is required`);
  }
  const value = `${tokens.accessToken} ${tokens.idToken}`;
  if (firstViolation(BEARER_VALUE, value, "Authorization", {})) {
    throw new InputError("idToken", "pattern", "the access token must be one b64token and the identity token a JWS in compact serialization");
  }
  return `Bearer ${value}`;
}

/** Asks for a temporary code for `response_type=change_details` (valid 15 seconds) and returns it. Throws ApiError on a failure status. */
export async function generateTemporaryCode(client: IdentityV3Client, version: "v3", tokens: UserTokens): Promise<string>;
export async function generateTemporaryCode(client: IdentityV4Client, version: "v4", tokens: UserTokens): Promise<string>;
export async function generateTemporaryCode(client: IdentityV3Client | IdentityV4Client, version: IdentityVersion, tokens: UserTokens): Promise<string> {
  const authorization = temporaryCodeAuthorization(tokens);
  const result = await (client.GET as unknown as LooseGet)(`/oauth/${version}/{tenantId}/cloud_directory/generate_code`, {
    headers: { Authorization: authorization },
    parseAs: "text",
  });
  return unwrap(result, "generateTemporaryCode") as string;
}
