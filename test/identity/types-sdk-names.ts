/**
 * Type tests, checked by test/typecheck.test.ts (tsc): the names and shapes identity's SDKs
 * send are the ones the generated types offer (issue 26), and the names no client sends are gone.
 */
import { authorizationUrl, type components as IdentityV4 } from "cloud-interfaces/identity-v4";

const target = { tenantId: "6d1a4b2c-93f5-4c8e-a1f0-3b7e9d2c5a41" };
const code = { response_type: "code", client_id: "c", redirect_uri: "https://app.example.com/cb" } as const;
authorizationUrl("v4", target, { ...code, authsvc_access_token: "t", language: "en_US" });
// @ts-expect-error access_token is not a parameter: the SDKs send appid_access_token (authsvc_access_token here)
authorizationUrl("v4", target, { ...code, access_token: "t" });
// @ts-expect-error ui_locales is not a parameter: the SDKs send language
authorizationUrl("v4", target, { ...code, ui_locales: "en" });

// The server SDK's TokenManager form, as a typed token request (scope may be empty).
const jwtBearer: IdentityV4["schemas"]["PkceTokenRequest"] = { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", scope: "", assertion: "a.b.c" };
void jwtBearer;
