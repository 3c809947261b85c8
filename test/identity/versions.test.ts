// Version 4 may differ from version 3 only where interface document §9 (and §1, §4) says so:
// PKCE parameters (two on authorization, one on token), the audience parameter, no client
// registration, no discovery, no br-sao region, and v3 marked deprecated. Any other difference
// between the bundled documents fails here, and so does a documented difference that is missing.
import { describe, expect, it } from "vitest";
import { escapeToken } from "../../runtime/core/pointer.js";
import { bundledDocument, pointer } from "../harness/documents.js";

type Kind = "added" | "removed" | "changed";
interface Difference {
  at: string;
  kind: Kind;
}

function diff(a: unknown, b: unknown, at: string, out: Difference[]): Difference[] {
  if (a === undefined) return out.push({ at, kind: "added" }), out;
  if (b === undefined) return out.push({ at, kind: "removed" }), out;
  const bothObjects = a !== null && b !== null && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b);
  // A list of scalars (an enum, a tag list) is one value: its difference is one "changed".
  const scalarList = Array.isArray(a) && Array.isArray(b) && [...a, ...b].every((x) => x === null || typeof x !== "object");
  if (!bothObjects || scalarList) {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ at, kind: "changed" });
    return out;
  }
  const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
  for (const k of keys) {
    diff((a as any)[k], (b as any)[k], `${at}/${escapeToken(k)}`, out);
  }
  return out;
}

/** v3 with its version path segment renamed, so that equal operations line up. */
function alignedV3(): any {
  const v3 = structuredClone(bundledDocument("identity-v3"));
  v3.paths = Object.fromEntries(Object.entries(v3.paths).map(([p, item]) => [p.replace("/oauth/v3/", "/oauth/v4/"), item]));
  return v3;
}

const P = (path: string, ...rest: string[]) => pointer("paths", `/oauth/v4/{tenantId}${path}`, ...rest).slice(1);
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** [pointer prefix, kind, the interface document's reason] */
const DOCUMENTED: [string, Kind, string][] = [
  ["/info/title", "changed", "§9 version 3 deprecated, version 4 the updated interface"],
  ["/info/version", "changed", "§9 the version is the second path segment"],
  ["/info/description", "changed", "§9 version notes"],
  ["/info/x-deprecated", "removed", "§9 version 3 is marked deprecated"],
  ["/servers/0/description", "changed", "§9 version 3 is marked deprecated"],
  ["/servers/0/variables/region/enum", "changed", "§1 Sao Paulo (br-sao) is listed for version 3 only"],
  ["/servers/0/variables/region/description", "changed", "§1 Sao Paulo is listed for version 3 only"],
  ["/tags/4", "removed", "§4 client registration is not shown for version 4"],
  ["/tags/5", "removed", "§4 discovery is not shown for version 4"],
  [P("/clients"), "removed", "§4 client registration is not shown for version 4"],
  [P("/.well-known/openid-configuration"), "removed", "§4 discovery is not shown for version 4"],
  ["/components/schemas/ClientRegistrationRequest", "removed", "§4.3 client registration is version 3 only"],
  ["/components/schemas/ClientRegistrationResponse", "removed", "§4.3 client registration is version 3 only"],
  ["/components/schemas/OpenIdConfiguration", "removed", "§4.10 discovery is version 3 only"],
  [P("/authorization", "get", "parameters", "13"), "added", "§4.4 version 4 adds two PKCE parameters"],
  [P("/authorization", "get", "parameters", "14"), "added", "§4.4 version 4 adds two PKCE parameters"],
  ["/components/parameters/code_challenge", "added", "§4.4 PKCE"],
  ["/components/parameters/code_challenge_method", "added", "§4.4 PKCE"],
  [P("/token", "post", "description"), "changed", "§4.5 version 4 token parameters"],
  [P("/token", "post", "requestBody", "content", "application/x-www-form-urlencoded", "schema", "$ref"), "changed", "§4.5 version 4 token parameters"],
  [P("/token", "post", "requestBody", "content", "application/x-www-form-urlencoded", "examples", "authorizationCode", "summary"), "changed", "§4.5 PKCE verifier in the example"],
  [P("/token", "post", "requestBody", "content", "application/x-www-form-urlencoded", "examples", "authorizationCode", "value", "code_verifier"), "added", "§4.5 PKCE verifier"],
  [P("/token", "post", "requestBody", "content", "application/x-www-form-urlencoded", "examples", "clientCredentials"), "added", "§4.5 audience with client_credentials"],
  [P("/token", "post", "requestBody", "content", "application/x-www-form-urlencoded", "examples", "publicClient"), "added", "§4.5 PKCE: a public client exchanges its code with the verifier"],
  [P("/token", "post", "x-assumed"), "changed", "§4.5 PKCE: the version 4 note names the public client's code_verifier"],
  // The multipart form carries the same version 4 token parameters as the urlencoded one.
  [P("/token", "post", "requestBody", "content", "multipart/form-data", "schema", "$ref"), "changed", "§4.5 version 4 token parameters"],
  [P("/token", "post", "requestBody", "content", "multipart/form-data", "examples", "authorizationCode", "summary"), "changed", "§4.5 PKCE verifier in the example"],
  [P("/token", "post", "requestBody", "content", "multipart/form-data", "examples", "authorizationCode", "value", "code_verifier"), "added", "§4.5 PKCE verifier"],
  [P("/token", "post", "requestBody", "content", "application/json", "schema", "$ref"), "changed", "§4.5 version 4 token parameters"],
  ["/components/schemas/PkceTokenRequest", "added", "§4.5 version 4 adds code_verifier and audience"],
  // RFC 7523 §3: the example assertion's aud is its own version's token endpoint, so each version signs its own.
  [P("/token", "post", "requestBody", "content", "application/json", "examples", "jwtBearer", "value", "assertion"), "changed", "§9 an assertion is addressed to its version's token endpoint"],
  // Each version's example tokens name that version's issuer (§9: the version is a path segment of every URL).
  ...[["tokens", "access_token"], ["tokens", "id_token"], ["clientCredentialsTokens", "access_token"], ["refreshedTokens", "access_token"], ["refreshedTokens", "id_token"]].map(
    ([e, t]): [string, Kind, string] => [`/components/responses/TokenIssued/content/application~1json/examples/${e}/value/${t}`, "changed", "§9 tokens carry their version's issuer"],
  ),
  // §9: version 3 is deprecated, so every one of its operations is (added to the bundle by scripts/lib/deprecation.ts).
  ...Object.entries(bundledDocument("identity-v4").paths as Record<string, object>).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ["get", "put", "post", "delete", "options", "head", "patch", "trace"].includes(m))
      .map((m): [string, Kind, string] => [pointer("paths", path, m, "deprecated").slice(1), "removed", "§9 version 3 is marked deprecated"]),
  ),
];

describe("identity v3 against v4", () => {
  const differences = diff(alignedV3(), bundledDocument("identity-v4"), "", []);
  const reasonFor = (d: Difference) => DOCUMENTED.find(([at, kind]) => kind === d.kind && new RegExp(`^${esc(at)}(/|$)`).test(d.at));

  it("differ in nothing the interface document does not name", () => {
    expect(differences.filter((d) => !reasonFor(d))).toEqual([]);
  });

  it.each(DOCUMENTED)("differ at %s (%s): %s", (at, kind) => {
    expect(differences.some((d) => d.kind === kind && (d.at === at || d.at.startsWith(`${at}/`)))).toBe(true);
  });

  it("the documented differences have the documented content", () => {
    const v3 = bundledDocument("identity-v3");
    const v4 = bundledDocument("identity-v4");
    const regions = (d: any) => d.servers[0].variables.region.enum as string[];
    expect(regions(v3).filter((r) => !regions(v4).includes(r))).toEqual(["br-sao"]);
    expect(regions(v4).every((r) => regions(v3).includes(r))).toBe(true);
    const names = (d: any, v: string) =>
      d.paths[`/oauth/${v}/{tenantId}/authorization`].get.parameters.map((p: any) => (p.$ref ? d.components.parameters[p.$ref.split("/").pop()].name : p.name));
    expect(names(v4, "v4").filter((n: string) => !names(v3, "v3").includes(n))).toEqual(["code_challenge", "code_challenge_method"]);
    const extension = v4.components.schemas.PkceTokenRequest.allOf;
    expect(extension[0]).toEqual({ $ref: "#/components/schemas/TokenRequest" });
    expect(Object.keys(extension[1].properties)).toEqual(["code_verifier", "audience"]);
    expect(v3.info["x-deprecated"]).toMatchObject({ deprecated: true, successor: "identity-v4" });
    expect(v4.info["x-deprecated"]).toBeUndefined();
  });

  it("version 3 deprecates every operation, version 4 none (§9)", () => {
    const operations = (d: any) =>
      Object.values(d.paths as Record<string, any>).flatMap((item) =>
        ["get", "put", "post", "delete", "options", "head", "patch", "trace"].filter((m) => item[m]).map((m) => item[m]),
      );
    expect(operations(bundledDocument("identity-v3")).every((op) => op.deprecated === true)).toBe(true);
    expect(operations(bundledDocument("identity-v4")).some((op) => op.deprecated)).toBe(false);
  });
});
