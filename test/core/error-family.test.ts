/**
 * Issue 38, "one error family": every error class in runtime/ descends from the one exported
 * base, CloudInterfacesError, so a caller can catch anything of this package; a client's timeout
 * and a failed connection are instances of it with their cause, and no secret is in their
 * message or in how their cause renders.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { CloudInterfacesError, ConnectionError, TimeoutError } from "cloud-interfaces/core";
import { ROOT } from "../../scripts/lib/paths.js";
import { SECRET, secretsIn, testClient } from "./harness.js";

/** What any error class finally extends when it is not ours. */
const BUILT_IN_ERRORS = new Set(["Error", "TypeError", "RangeError", "SyntaxError", "EvalError", "URIError", "AggregateError", "DOMException"]);

interface Declared {
  name: string;
  parent: string;
  file: string;
  exported: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Every `class Name<…> extends Parent` of a source, its type parameters skipped (they may say `extends` too). */
function declarations(file: string): Declared[] {
  const text = readFileSync(file, "utf8");
  const out: Declared[] = [];
  for (const match of text.matchAll(/(^|\n)([ \t]*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?)class\s+([A-Za-z_$][\w$]*)/g)) {
    let at = match.index! + match[0].length;
    if (text[at] === "<") {
      for (let depth = 0; at < text.length; at++) {
        if (text[at] === "<") depth++;
        else if (text[at] === ">" && --depth === 0) break;
      }
      at++;
    }
    const parent = /^\s+extends\s+([A-Za-z_$][\w$.]*)/.exec(text.slice(at));
    if (parent) out.push({ name: match[3]!, parent: parent[1]!, file, exported: /export/.test(match[2]!) });
  }
  return out;
}

const declared = sources(join(ROOT, "runtime")).flatMap(declarations);
const byName = new Map(declared.map((d) => [d.name, d]));

/** The chain of parents up to a class not declared in runtime/ (a built-in, or a library's). */
function chain(name: string): string[] {
  const out: string[] = [];
  for (let at = byName.get(name); at && out.length < 50; at = byName.get(at.parent)) out.push(at.parent);
  return out;
}

const errorClasses = declared.filter((d) => d.name !== "CloudInterfacesError" && BUILT_IN_ERRORS.has(chain(d.name).at(-1)!));

describe("every error class in runtime/ descends from CloudInterfacesError", () => {
  it("the sources declare error classes, and the scan sees through type parameters", () => {
    // The scan is the test's own: it must find the classes it is about, and skip a generic's `extends`.
    expect(errorClasses.length).toBeGreaterThanOrEqual(20);
    expect(declared.find((d) => d.name === "Router")).toBeUndefined();
    expect(declarations(join(ROOT, "runtime/core/errors.ts")).map((d) => d.name)).toContain("ApiError");
  });

  it("no two error classes share a name (a name tells the class)", () => {
    const names = errorClasses.map((d) => d.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it.each(errorClasses.map((d) => [d.name, relative(ROOT, d.file)]))("%s (%s) extends CloudInterfacesError", (name) => {
    expect(chain(name)).toContain("CloudInterfacesError");
  });

  it("and at run time: every exported error class's instances are CloudInterfacesErrors named as their class", async () => {
    const files = [...new Set(errorClasses.filter((d) => d.exported).map((d) => d.file))];
    for (const file of files) {
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const d of errorClasses.filter((c) => c.file === file && c.exported)) {
        const cls = module[d.name] as (abstract new (...args: never[]) => Error) | undefined;
        expect(typeof cls, `${d.name} exported by ${relative(ROOT, file)}`).toBe("function");
        expect(cls!.prototype, d.name).toBeInstanceOf(CloudInterfacesError);
      }
    }
  });
});

/**
 * `new Error(` (or another built-in error) in runtime/ that may still reach a caller, by file,
 * with why it stays. Anything not listed fails: a new one is thrown as a CloudInterfacesError.
 */
const BUILT_IN_THROWS: Record<string, string> = {
  "runtime/http/front.ts": "abort reasons inside the HTTP front end (a closed connection, the handler limit); never thrown to a caller",
};

describe("errors thrown by runtime/ code are CloudInterfacesErrors", () => {
  it("no built-in Error is made in runtime/ outside the listed files", () => {
    const made = sources(join(ROOT, "runtime"))
      .filter((file) => /\bnew (Error|TypeError|RangeError|SyntaxError)\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file))
      // The masked copy of a cause (runtime/core/masked-error.ts, split off errors.ts for the first load) is the only one in core.
      .filter((file) => file !== "runtime/core/masked-error.ts");
    expect(made.filter((file) => !(file in BUILT_IN_THROWS))).toEqual([]);
  });
});

/** A loopback port nothing listens on: bound, then closed. */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const renderings = (e: unknown) => [String(e), (e as Error).stack, JSON.stringify(e), inspect(e, { depth: 8 }), inspect((e as Error).cause, { depth: 8 })].join("\n");

describe("a client's timeout and failed connection are CloudInterfacesErrors with their cause", () => {
  it("a refused connection (the real fetch) is a ConnectionError whose cause is fetch's TypeError with ECONNREFUSED", async () => {
    const port = await refusedPort();
    const client = testClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: undefined, credentials: { bearerAuth: SECRET.bearer }, timeoutMs: 10_000 });
    const error = await client.GET!("/v1/either").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toBeInstanceOf(CloudInterfacesError);
    expect(error).toMatchObject({ name: "ConnectionError", operation: "either", message: expect.stringContaining("ECONNREFUSED") });
    const cause = (error as Error).cause as Error;
    expect(cause).toBeInstanceOf(TypeError);
    expect(JSON.stringify(cause.cause, ["code"]) + String((cause.cause as { code?: string })?.code)).toContain("ECONNREFUSED");
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: "ConnectionError", cause: { name: "TypeError", cause: { code: "ECONNREFUSED" } } });
    expect(secretsIn(renderings(error))).toEqual([]);
  });

  it("a timeout is a TimeoutError whose cause is the standard TimeoutError DOMException", async () => {
    const hang = (_request: Request, init: { signal: AbortSignal }) => new Promise<Response>((_resolve, reject) => init.signal.addEventListener("abort", () => reject(init.signal.reason)));
    const error = await testClient({ fetch: hang as never, timeoutMs: 30, credentials: { bearerAuth: SECRET.bearer } }).GET!("/v1/either").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(CloudInterfacesError);
    expect(error).toMatchObject({ name: "TimeoutError", operation: "either", timeoutMs: 30 });
    expect((error as Error).cause).toBeInstanceOf(DOMException);
    expect((error as Error).cause).toMatchObject({ name: "TimeoutError" });
    expect(secretsIn(renderings(error))).toEqual([]);
  });

  it("a transport error that quotes a credential keeps its cause, masked, in every rendering", async () => {
    const leaky = async (request: Request) => {
      throw new Error(`proxy refused ${request.headers.get("authorization")}`, { cause: new Error(`upstream saw ${SECRET.bearer}`) });
    };
    const error = await testClient({ fetch: leaky as never, credentials: { bearerAuth: SECRET.bearer } }).GET!("/v1/either").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(((error as Error).cause as Error).message).toBe("proxy refused [redacted]");
    expect(secretsIn(renderings(error))).toEqual([]);
  });

  it("the caller's own abort reason and a token provider's own error reach the caller as they were thrown", async () => {
    const controller = new AbortController();
    const reason = new Error("mine");
    controller.abort(reason);
    await expect(testClient({ credentials: { bearerAuth: SECRET.bearer } }).GET!("/v1/either", { signal: controller.signal })).rejects.toBe(reason);
    const own = new RangeError("provider down");
    await expect(testClient({ credentials: { bearerAuth: () => Promise.reject(own) } }).GET!("/v1/either")).rejects.toBe(own);
  });
});
