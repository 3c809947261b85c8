// Type tests: what the identity documents say, enforced by the compiler on the generated
// clients and the helpers. The @ts-expect-error lines are checked by `tsc --noEmit`
// (test/typecheck.test.ts): each must stay an error, or tsc reports an unused directive.
import { describe, expect, expectTypeOf, it } from "vitest";
import { createIdentityV3Client, type IdentityV3Client, type IdentityV3Region } from "cloud-interfaces/identity-v3";
import type { components as V3 } from "cloud-interfaces/identity-v3";
import { createIdentityV4Client, type IdentityV4Client, type IdentityV4Region } from "cloud-interfaces/identity-v4";
import type { components as V4 } from "cloud-interfaces/identity-v4";
import type { AuthorizationErrorCode, SsoLogoutErrorCode } from "cloud-interfaces/identity-v4";
import { authorizationUrl } from "cloud-interfaces/identity-v4";
import { mockUrl } from "../harness/mocks.js";
import { CLIENT_ID, identityCatalogue, PKCE, REDIRECT_URI, TENANT_ID } from "./catalogue.js";

const code = { client_id: CLIENT_ID, redirect_uri: REDIRECT_URI };
const target = { tenantId: TENANT_ID };

/** Never called: the calls below only have to compile, or fail to compile where marked. */
export function compileOnly(v3: IdentityV3Client, v4: IdentityV4Client) {
  const v3Token = "/oauth/v3/{tenantId}/token" as const;
  const v4Token = "/oauth/v4/{tenantId}/token" as const;

  // grant_type is one of the five documented literals
  // @ts-expect-error "implicit" is not a documented grant_type
  void v3.POST(v3Token, { body: { grant_type: "implicit" } });
  // @ts-expect-error grant_type is required
  void v4.POST(v4Token, { body: { code: "c", redirect_uri: REDIRECT_URI } });
  // each grant's required parameters
  // @ts-expect-error the password grant needs password
  void v3.POST(v3Token, { body: { grant_type: "password", username: "u" } });
  // @ts-expect-error the authorization_code grant needs redirect_uri
  void v4.POST(v4Token, { body: { grant_type: "authorization_code", code: "c" } });
  // @ts-expect-error the jwt-bearer grant needs assertion
  void v3.POST(v3Token, { body: { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer" } });
  void v3.POST(v3Token, { body: { grant_type: "client_credentials" } });
  // version 4 token parameters
  void v4.POST(v4Token, { body: { grant_type: "authorization_code", code: "c", redirect_uri: REDIRECT_URI, code_verifier: PKCE.verifier } });
  void v4.POST(v4Token, { body: { grant_type: "client_credentials", audience: CLIENT_ID } });
  // @ts-expect-error code_verifier is a version 4 parameter
  void v3.POST(v3Token, { body: { grant_type: "authorization_code", code: "c", redirect_uri: REDIRECT_URI, code_verifier: PKCE.verifier } });
  // @ts-expect-error audience is a version 4 parameter
  void v3.POST(v3Token, { body: { grant_type: "client_credentials", audience: CLIENT_ID } });

  // authorization query
  // @ts-expect-error "token" is not a documented response_type
  void v3.GET("/oauth/v3/{tenantId}/authorization", { params: { query: { ...code, response_type: "token" } } });
  // @ts-expect-error "github" is not a documented identity provider
  void v4.GET("/oauth/v4/{tenantId}/authorization", { params: { query: { ...code, response_type: "code", idp: "github" } } });
  // (An extra query key such as code_challenge on v3 is not caught here: openapi-fetch infers
  // the params object generically, which switches off excess-property checks. authorizationUrl
  // below rejects it at compile time, and at run time with InputError "unknown".)
  // @ts-expect-error code_challenge_method is S256 or plain
  void v4.GET("/oauth/v4/{tenantId}/authorization", { params: { query: { ...code, response_type: "code", code_challenge_method: "S512" } } });

  // revoke: token_type_hint has one allowed value
  // @ts-expect-error only refresh_token may be hinted
  void v4.POST("/oauth/v4/{tenantId}/revoke", { body: { token: "t", token_type_hint: "access_token" } });

  // version 4 omits client registration and discovery
  // @ts-expect-error no client registration in version 4
  void v4.POST("/oauth/v4/{tenantId}/clients", { body: { csr: "x" } });
  // @ts-expect-error no discovery in version 4
  void v4.GET("/oauth/v4/{tenantId}/.well-known/openid-configuration");

  // regions: Sao Paulo is version 3 only
  createIdentityV3Client({ region: "br-sao" });
  // @ts-expect-error br-sao is not a version 4 region
  createIdentityV4Client({ region: "br-sao" });
  // @ts-expect-error Basic credentials are a username and password
  createIdentityV3Client({ credentials: { basicAuth: "client:secret" } });

  // helpers: the cross-parameter rules and the version differences
  authorizationUrl("v4", target, { ...code, response_type: "change_password", user_id: "u1" });
  // @ts-expect-error change_password needs user_id
  authorizationUrl("v4", target, { ...code, response_type: "change_password" });
  // @ts-expect-error change_details needs the temporary code
  authorizationUrl("v3", target, { ...code, response_type: "change_details" });
  // @ts-expect-error code_challenge is a version 4 parameter
  authorizationUrl("v3", target, { ...code, response_type: "code", code_challenge: PKCE.challenge });
  // @ts-expect-error br-sao is not a version 4 region
  authorizationUrl("v4", { ...target, region: "br-sao" }, { ...code, response_type: "code" });
}

describe("identity client types", () => {
  it("carry the documented literals", () => {
    expectTypeOf<V3["schemas"]["TokenRequest"]["grant_type"]>().toEqualTypeOf<
      "authorization_code" | "client_credentials" | "password" | "refresh_token" | "urn:ietf:params:oauth:grant-type:jwt-bearer"
    >();
    expectTypeOf<V4["schemas"]["TokenResponse"]["token_type"]>().toEqualTypeOf<"Bearer">();
    expectTypeOf<AuthorizationErrorCode>().toEqualTypeOf<
      | "invalid_request"
      | "invalid_client"
      | "unauthorized_client"
      | "access_denied"
      | "unsupported_response_type"
      | "invalid_scope"
      | "server_error"
      | "temporarily_unavailable"
    >();
    expectTypeOf<SsoLogoutErrorCode>().toEqualTypeOf<"missing_sso_code" | "invalid_client" | "unauthorized_client" | "server_error" | "temporarily_unavailable">();
    expectTypeOf<IdentityV4Region>().toExtend<IdentityV3Region>();
    expectTypeOf<"br-sao">().toExtend<IdentityV3Region>();
    expectTypeOf<"br-sao">().not.toExtend<IdentityV4Region>();
    expectTypeOf<V4["schemas"]["PkceTokenRequest"]>().toHaveProperty("code_verifier");
    expectTypeOf<V3["schemas"]["TokenRequest"]>().not.toHaveProperty("code_verifier");
  });

  it("type the token response the mock returns", async () => {
    const client = createIdentityV4Client({ baseUrl: mockUrl("identity-v4"), ...(identityCatalogue("v4").client as object) });
    const { data } = await client.POST("/oauth/v4/{tenantId}/token", { body: { grant_type: "client_credentials" } });
    expectTypeOf(data).toEqualTypeOf<V4["schemas"]["TokenResponse"] | undefined>();
    expect(data?.expires_in).toBe(3600);
  });
});
