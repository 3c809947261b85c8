/** Known secrets are pushed through every error path of the runtime; none may surface in any rendering of the error or in logs. */
import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, InputError } from "cloud-interfaces/core";
import { unwrap } from "cloud-interfaces/core";
import { generatedFactory } from "../harness/clients.js";
import { recordingServer } from "../harness/recording-server.js";
import { allSecrets, operationCalls, SECRETS, secretCredentials, servicesWithCatalogues } from "./fixtures.js";
import { loadCatalogue } from "../harness/clients.js";

const renderings = (e: unknown) => [String(e), (e as Error).message, (e as Error).stack ?? "", JSON.stringify(e), inspect(e, { depth: 10 })].join("\n");
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => inspect(a)).join(" ")));
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(allSecrets(logged.join("\n")), "secrets in logs").toEqual([]);
});

describe("ApiError", () => {
  it("redacts secret-bearing fields of an error body in every rendering", () => {
    const body = {
      error: "invalid_grant",
      access_token: SECRETS.bearer,
      nested: [{ client_secret: SECRETS.password, refresh_token: SECRETS.bearer, apikey: SECRETS.apiKey }],
      errors: [{ code: "not_found", message: "kept" }],
    };
    const error = new ApiError("POST /token", 400, body, "corr-1");
    expect(allSecrets(renderings(error))).toEqual([]);
    expect(error.body).toMatchObject({ error: "invalid_grant", errors: [{ code: "not_found", message: "kept" }] });
    expect(renderings(error)).toContain("corr-1");
  });
});

describe.each(servicesWithCatalogues.map((s) => s.id))("%s error paths", (serviceId) => {
  async function client(baseUrl: string) {
    const catalogue = await loadCatalogue(serviceId);
    return (await generatedFactory(serviceId))({ baseUrl, bind: catalogue.client.bind, credentials: secretCredentials(serviceId), timeoutMs: 2000 });
  }

  it("an error response echoing the credentials becomes an ApiError without them", async () => {
    const echo = await recordingServer((req, res) =>
      res.writeHead(401, { "content-type": "application/json" }).end(
        JSON.stringify({ error: "unauthorized", token: req.headers.authorization ?? SECRETS.bearer, key: SECRETS.apiKey, password: SECRETS.password }),
      ),
    );
    try {
      const c = await client(echo.url);
      for (const call of await operationCalls(serviceId)) {
        const result = await c[call.method]!(call.path, call.init);
        if (call.method === "HEAD") continue;
        const thrown = (() => {
          try {
            unwrap(result as never, call.operation);
          } catch (e) {
            return e;
          }
        })();
        expect(thrown, call.operation).toBeInstanceOf(ApiError);
        expect(allSecrets(renderings(thrown)), call.operation).toEqual([]);
      }
    } finally {
      await echo.close();
    }
  });

  it("a network failure carries no credential", async () => {
    const c = await client("http://127.0.0.1:1");
    for (const call of await operationCalls(serviceId)) {
      const error = await c[call.method]!(call.path, call.init).then(() => undefined, (e: unknown) => e);
      expect(error, call.operation).toBeDefined();
      expect(allSecrets(renderings(error)), call.operation).toEqual([]);
    }
  });
});

describe("credential checks at client creation", () => {
  it.each(servicesWithCatalogues.map((s) => s.id))("%s: a malformed credential names the field and never echoes the secret", async (serviceId) => {
    const factory = await generatedFactory(serviceId);
    const creds = secretCredentials(serviceId);
    for (const name of Object.keys(creds)) {
      const broken = typeof creds[name] === "object" ? { username: `${SECRETS.username}:x`, password: SECRETS.password } : `${SECRETS.bearer}\r\nInjected: 1`;
      const error = (() => {
        try {
          factory({ baseUrl: "https://api.example.com", credentials: { ...creds, [name]: broken } });
        } catch (e) {
          return e;
        }
      })();
      expect(error, name).toBeInstanceOf(InputError);
      expect((error as InputError).field).toMatch(new RegExp(`^credentials\\.${name}`));
      expect(allSecrets(renderings(error))).toEqual([]);
    }
  });
});
