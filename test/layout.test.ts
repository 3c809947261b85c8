/**
 * One layout for all six documents: the root `openapi/<id>.yaml` holds the document's own
 * header and its path table; every operation is a `$ref` to a file named after its
 * operationId, and every component a `$ref` to a file named after the component, under the
 * document's folder or a family's shared folder. "Where is createKey?" is one hop.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { bundleWithDependencies } from "../scripts/lib/bundle.js";
import { HTTP_METHODS } from "../runtime/core/router.js";
import { OPENAPI_DIR, ROOT } from "../scripts/lib/paths.js";
import { documentPath, readServices } from "../scripts/lib/services.js";

const services = readServices();
/** A document's own files live in openapi/<id>/, fragments shared by a family in openapi/shared/<family>/. */
const ownedBy = (service: { id: string; family?: string }, file: string) =>
  file.startsWith(join(OPENAPI_DIR, service.id) + "/") || (service.family !== undefined && file.startsWith(join(OPENAPI_DIR, "shared", service.family) + "/"));

describe.each(services.map((s) => [s.id, s] as const))("%s layout", (_id, service) => {
  const rootFile = documentPath(service);
  const root = parse(readFileSync(rootFile, "utf8"));

  it("references each operation from its own file, named after its operationId", () => {
    for (const [path, item] of Object.entries<any>(root.paths)) {
      for (const method of HTTP_METHODS) {
        if (!item[method]) continue;
        const ref = item[method].$ref as string | undefined;
        expect(ref, `${method.toUpperCase()} ${path} is written inline`).toBeTypeOf("string");
        const file = join(dirname(rootFile), ref!);
        expect(existsSync(file), file).toBe(true);
        expect(basename(dirname(file)), file).toBe("operations");
        expect(ownedBy(service, file), file).toBe(true);
        const operation = parse(readFileSync(file, "utf8"));
        expect(basename(file, ".yaml")).toBe(operation.operationId);
      }
    }
  });

  it("references each component from a file named after it", () => {
    for (const [kind, entries] of Object.entries<any>(root.components ?? {})) {
      for (const [name, value] of Object.entries<any>(entries)) {
        expect(value.$ref, `components.${kind}.${name} is written inline`).toBeTypeOf("string");
        const file = join(dirname(rootFile), value.$ref);
        expect(existsSync(file), file).toBe(true);
        expect(basename(file, ".yaml"), file).toBe(name);
        expect(basename(dirname(file)), file).toBe(kind);
        expect(ownedBy(service, file), file).toBe(true);
      }
    }
  });
});

it("keeps no YAML file under openapi/ that no document is made of", async () => {
  const used = new Set<string>();
  for (const service of services) for (const file of (await bundleWithDependencies(service)).dependencies) used.add(file);
  const all = readdirSync(OPENAPI_DIR, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".yaml")).map((f) => join("openapi", f));
  expect(all.filter((f) => !used.has(f))).toEqual([]);
  expect(all.length).toBeGreaterThan(100);
}, 60_000);

/**
 * Tests sit with the module they test (issue 43): a test of the front end, the test controls, the
 * mock, verify, the CLI or the breaking-change gate lives in test/http/, test/controls/,
 * test/mock/, test/verify/, test/cli/ or beside the gate, on the synthetic document
 * (test/emulator/fixtures/resource-document.ts) or looping over the registry. A test in a
 * family's folder that reaches one of those modules stays there only for a reason written here:
 * it proves the family's own behaviour, or it needs a service by name (a README command, a
 * server form that takes a registry id). Paths are relative to test/.
 */
export const FAMILY_SAMPLES: Readonly<Record<string, string>> = {
  "./identity/breaking.test.ts": "the gate on the identity documents' own edits and on v3 to v4",
  "./identity/mock-base-url.test.ts": "a stateful identity server's issuer, through openid-client's discovery",
  "./identity/mock-layer.test.ts": "the log line per request with identity's secrets redacted",
  "./identity/required-when-answers.test.ts": "identity's TokenResponse x-required-when, seen by verify and the proxy",
  "./identity/undeclared.test.ts": "an undeclared form field of identity's token request, under strict",
  "./identity/verify-safety.test.ts": "identity's token endpoint, read-only per grant (x-effect noneWhen)",
  "./kms/breaking.test.ts": "the gate on the KMS document's own edits and its changelog",
  "./kms/breaking-git.test.ts": "the gate end to end on a scratch git repository holding the real registry and a real document",
  "./kms/case-selection-writes.test.ts": "issue 43 as reported on KMS createKey (the rule: test/emulator/case-selection.test.ts)",
  "./kms/cli-npm-stop.test.ts": "the README's CI recipe step, on its own KMS command",
  "./kms/tryit-console.e2e.test.ts": "a Try it state exported from the KMS page loads in the stateful mock command's --state-file and back: the page and the command are the ones the README names",
  "./kms/cli-process.test.ts": "the mock command serves registry ids only; a key created through the process",
  "./kms/control-api-python.test.ts": "the README's Python control-API client, on its KMS command",
  "./kms/control-handles.test.ts": "startMock, serveHandler and mswEmulator take registry ids; the state file holds KMS keys",
  "./kms/cors-browser.e2e.test.ts": "the mock and emulator commands by registry id, in Chromium",
  "./kms/http-faults.test.ts": "faults on the server forms (registry ids) and the KMS client's retry of a faulted 429",
  "./kms/http-forms.ts": "the four server forms, each started by registry id",
  "./kms/http-one-front.test.ts": "hostile heads on the four server forms (http-forms.ts), with KMS bodies",
  "./kms/http-test-handle.test.ts": "startMock and serveHandler record by a registry document; a KMS create and reset",
  "./kms/limits.test.ts": "the caps of the KMS collections (the document's x-caps) on every handle",
  "./kms/mock-command-check.ts": "the README command table's KMS row",
  "./kms/mock-layer.test.ts": "KMS's own Prefer (return=minimal), vendor media types and error shape on the mock",
  "./kms/proxy.test.ts": "the generated KMS client through the proxy",
  "./kms/site-msw-browser.e2e.test.ts": "the README's setupWorker example as written",
  "./kms/site-publish.e2e.test.ts": "the site's KMS pages, published",
  "./kms/state-as-documented.test.ts": "issue 43 as reported on KMS (the rules: test/emulator/state-as-documented.test.ts)",
  "./kms/undeclared.test.ts": "startMock by registry id, strict refusals in the KMS error shape",
  "./kms/verify-faults.test.ts": "planted faults around the KMS emulator, each on a KMS rule's pointer (the generic zoo: test/verify/zoo.ts)",
  "./kms/verify-readme.test.ts": "the README's verify command as written",
  "./metrics/verify-safety.test.ts": "verify's rate limit and deadline against the metrics emulator",
  "./notifications/mock-layer.test.ts": "notifications' bodies from a CLI process: bad Content-Type, percent-encoding, malformed JSON",
  "./notifications/verify-cli.e2e.test.ts": "the verify and proxy commands against the notifications emulator",
  "./notifications/verify-safety.test.ts": "message delivery needs --allow-send (x-effect: sends)",
  "./widget/mock-layer.test.ts": "a throwing handler and the body and header limits, on its document",
  "./widget/site-hostile.e2e.test.ts": "a scratch copy of its document with hostile descriptions, in the site",
};

const ROOT_TEST = join(ROOT, "test");

/** A test file that reaches the front end, the test controls, the mock, verify, the CLI (its modules or a `mock` command line) or the breaking-change gate. */
const SHARED_MODULE = /runtime\/(http|controls|mock|verify|cli|options|package)\/|cloud-interfaces\/(mock|verify)["']|scripts\/lib\/(breaking|edge-fixture|socket-exchange|hostile)|runtime\/cli\/main\.ts|["']mock["'],\s*["']/;

describe("tests sit with the module they test", () => {
  const folders = [...new Set(services.map((s) => s.family ?? s.id))];
  const reaching = folders.flatMap((family) =>
    readdirSync(join(ROOT_TEST, family))
      .filter((f) => /\.ts$/.test(f) && SHARED_MODULE.test(readFileSync(join(ROOT_TEST, family, f), "utf8")))
      .map((f) => `./${family}/${f}`),
  );

  it("a family's test of a shared module is listed with why it stays in the family's folder", () => {
    expect(reaching.filter((f) => !(f in FAMILY_SAMPLES))).toEqual([]);
  });

  it("the list names no test that moved or no longer reaches a shared module", () => {
    expect(Object.keys(FAMILY_SAMPLES).filter((f) => !reaching.includes(f))).toEqual([]);
  });
});
