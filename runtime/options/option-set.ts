/**
 * The one option set of the mock, the emulator's server and the `cloud-interfaces` command.
 * An option is declared once here: `startMock`, `serveHandler` and every CLI command take their
 * option types, validation and `--help` lines from this table. A command picks the options it
 * accepts (and its defaults) in its own one-entry declaration (runtime/cli/commands.ts); the
 * command line is parsed by runtime/cli/options.ts.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { MAX_DELAY_MS, parseLatency } from "../controls/faults.js";
import type { ListenOptions } from "../http/listen.js";
import { MAX_RECORD_LIMIT } from "../controls/bounded-record.js";

export interface OptionSpec {
  /** `port`: an integer 0-65535; `integer`: any safe integer; `bytes`: a size (16MiB, 512KiB, 1000); the rest as parseArgs reads them. */
  kind: "boolean" | "string" | "port" | "integer" | "number" | "bytes" | "list" | "latency" | "fraction";
  /** Placeholder shown in help (`--port N`); booleans have none. */
  placeholder?: string;
  short?: string;
  /** One line for `--help`, and the doc comment of the programmatic option. */
  description: string;
  /** `integer` only: the smallest and largest value allowed. */
  range?: readonly [number, number];
  /** `string` only: the values allowed. */
  choices?: readonly string[];
}

export const OPTIONS = {
  port: { kind: "port", placeholder: "N", description: "port to listen on (0 picks a free one)" },
  host: { kind: "string", placeholder: "H", description: "interface to listen on (loopback by default: a mock is not a public server)" },
  log: { kind: "boolean", description: "one line per request on stderr, with its violations and warnings" },
  stateful: { kind: "boolean", description: "serve the stateful emulator (state in memory) instead of Prism's examples" },
  seed: { kind: "integer", placeholder: "N", description: "seed of the randomness, for the same run every time: the mock's (the emulator's ids and tokens, --latency and --faults draws); verify's generated inputs (with --budget)" },
  budget: { kind: "integer", placeholder: "N", description: "verify: send up to N generated requests at and past the edges of every rule (fast-check, shrunk to the smallest failing one; --seed repeats a run)" },
  latency: { kind: "latency", placeholder: "MS|MIN-MAX", description: "wait this long before every answer (a range is drawn per request; at most 60000); X-Mock-Delay: <ms> sets one request's" },
  faults: { kind: "fraction", placeholder: "RATE", description: "answer this share (0-1) of requests with a fault: a documented 429/5xx of the operation, or a dropped connection where it documents none; X-Mock-Fault: <status> asks for one" },
  cors: { kind: "boolean", description: "mock, proxy: answer CORS preflights and let pages on any origin read answers (on by default, as Prism's CLI; --no-cors turns it off)" },
  "record-limit": { kind: "integer", range: [0, MAX_RECORD_LIMIT], placeholder: "N", description: "mock, proxy: keep the newest N requests (the proxy: violations) in the test handle's record, counting all (default 1000; 0 keeps none); the API's recordLimit" },
  caps: { kind: "list", placeholder: "NAME=N", description: "mock --stateful: set one of the emulator's state caps (runtime/emulator/ASSUMPTIONS.md, \"Caps\"), a whole number of 0 or more; repeatable; the API's caps" },
  control: { kind: "string", choices: ["off", "loopback", "any"], placeholder: "WHO", description: "mock --stateful: who may call the control API under /__emulator (requests, reset, state, generate, clock): off, loopback (the default) or any; the API's control" },
  "state-file": { kind: "string", placeholder: "PATH", description: "mock --stateful: load the emulator's state from this file at start if it exists, write it there (atomically) on stop; the API's stateFile" },
  "ready-file": { kind: "string", placeholder: "PATH", description: "mock: write the URL to this file once listening (removed on stop), for scripts that wait; the API's readyFile" },
  strict: { kind: "boolean", description: "refuse (400, the document's error shape) query parameters, form fields and JSON properties the operation does not declare" },
  "base-url": { kind: "string", placeholder: "URL", description: "verify: the server to check; every request goes to its origin only" },
  "credentials-env": { kind: "list", placeholder: "SCHEME=VAR", description: "verify: the environment variable holding a security scheme's secret (Basic: user:password); repeatable" },
  bind: { kind: "list", placeholder: "NAME=VALUE", description: "verify: a value for a parameter clients bind at creation (svc-instance=...); repeatable" },
  "input-env": { kind: "list", placeholder: "INPUT=VAR", description: "verify --allow-writes: a workflow input (the Arazzo workflows' inputs, e.g. user_password) from an environment variable, kept out of the report; repeatable" },
  "allow-writes": { kind: "boolean", description: "verify: also send requests that change server state (the document's Arazzo workflows: create/read/update/delete, tokens, series)" },
  "allow-send": { kind: "boolean", description: "verify: with --allow-writes, also deliver real notifications" },
  only: { kind: "string", placeholder: "ID,...", description: "verify: only these operationIds" },
  rate: { kind: "number", placeholder: "N", description: "verify: at most N requests a second" },
  deadline: { kind: "number", placeholder: "SECONDS", description: "verify: end the run after this long, with a partial report (exit 2)" },
  "request-timeout": { kind: "number", placeholder: "SECONDS", description: "verify: the longest one answer may take, its whole body included; a slower one is a failed check" },
  "max-body": { kind: "bytes", placeholder: "SIZE", description: "verify, proxy: the largest answer body read (16MiB, 512KiB or bytes); a larger one is refused, read no further" },
  "allow-unverified": { kind: "boolean", description: "verify: checks that could not be made (no credentials, a permission, a missing resource) do not keep the run from passing" },
  baseline: { kind: "string", placeholder: "FILE", description: "verify: known failures (JSON, each with an expiry date): the run fails only on failures not listed" },
  "write-baseline": { kind: "string", placeholder: "FILE", description: "verify: write this run's failures to FILE as a baseline expiring in 30 days" },
  report: { kind: "string", placeholder: "FORMAT", description: "verify: text, json or junit" },
  out: { kind: "string", placeholder: "PATH", description: "verify: write the report to this file instead of stdout; docs: write the site into this folder instead of serving it" },
  target: { kind: "string", placeholder: "URL", description: "proxy: the real server to forward to" },
  help: { kind: "boolean", short: "h", description: "print this help" },
  version: { kind: "boolean", short: "v", description: "print the package version" },
} as const satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;

export type ValueOf<S extends OptionSpec> = S["kind"] extends "boolean" ? boolean : S["kind"] extends "port" | "integer" | "number" | "bytes" | "fraction" ? number : S["kind"] extends "list" ? string[] : S["kind"] extends "latency" ? number | string : string;

/** Every option's programmatic type; `StartMockOptions` and `serveHandler` take a subset. */
export type OptionValues = { [K in OptionName]?: ValueOf<(typeof OPTIONS)[K]> };

export type { ListenOptions };

/** A usage error: the CLI prints it with the command's help and exits 2. */
export class UsageError extends CloudInterfacesError {
  override name = "UsageError";
}

/** Checks one option's value against its kind; the message names the option and the rule. */
export function checkOption<K extends OptionName>(name: K, value: unknown): ValueOf<(typeof OPTIONS)[K]> {
  const spec: OptionSpec = OPTIONS[name];
  if (spec.kind === "boolean") {
    if (typeof value !== "boolean") throw new UsageError(`--${name}: must be true or false, got ${JSON.stringify(value)}`);
    return value as never;
  }
  if (spec.kind === "string") {
    if (typeof value !== "string" || value === "") throw new UsageError(`--${name}: must be a non-empty string, got ${JSON.stringify(value)}`);
    if (spec.choices && !spec.choices.includes(value)) throw new UsageError(`--${name}: must be one of ${spec.choices.join(", ")}, got ${JSON.stringify(value)}`);
    return value as never;
  }
  if (spec.kind === "list") {
    const list = Array.isArray(value) ? value : [value];
    if (list.some((v) => typeof v !== "string" || v === "")) throw new UsageError(`--${name}: each value must be a non-empty string, got ${JSON.stringify(value)}`);
    return list as never;
  }
  const text = String(value);
  if (spec.kind === "latency") {
    if ((typeof value !== "number" && typeof value !== "string") || !parseLatency(value)) throw new UsageError(`--${name}: must be milliseconds (250) or a range (100-400), at most ${MAX_DELAY_MS}, got ${JSON.stringify(value)}`);
    return value as never;
  }
  if (spec.kind === "fraction") {
    const n = typeof value === "number" ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
    if (!(n >= 0 && n <= 1)) throw new UsageError(`--${name}: must be a number from 0 to 1, got ${JSON.stringify(value)}`);
    return n as never;
  }
  if (spec.kind === "bytes") {
    const m = typeof value === "number" ? null : /^(\d+)\s*(B|KiB|MiB|GiB|KB|MB|GB)?$/i.exec(text);
    const unit = m?.[2]?.toLowerCase();
    const factor = !unit || unit === "b" ? 1 : { kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, kb: 1e3, mb: 1e6, gb: 1e9 }[unit]!;
    const n = typeof value === "number" ? value : m ? Number(m[1]) * factor : NaN;
    if (!(n > 0) || !Number.isSafeInteger(n)) throw new UsageError(`--${name}: must be a positive size in bytes (16MiB, 512KiB or 1000), got ${JSON.stringify(value)}`);
    return n as never;
  }
  if (spec.kind === "number") {
    const n = typeof value === "number" ? value : /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
    if (!(n > 0) || !Number.isFinite(n)) throw new UsageError(`--${name}: must be a positive number, got ${JSON.stringify(value)}`);
    return n as never;
  }
  const number = typeof value === "number" ? value : /^-?\d+$/.test(text) ? Number(text) : NaN;
  // One sentence for every wrong value of a ranged option ("1.5", "-1", "many"): the rule, as its API form's InputError says it.
  if (spec.range && !(Number.isSafeInteger(number) && number >= spec.range[0] && number <= spec.range[1])) throw new UsageError(`--${name}: must be a whole number from ${spec.range[0]} to ${spec.range[1]}, got ${JSON.stringify(value)}`);
  if (!Number.isSafeInteger(number)) throw new UsageError(`--${name}: must be an integer, got ${JSON.stringify(value)}`);
  if (spec.kind === "port" && (number < 0 || number > 65535)) throw new UsageError(`--${name}: must be an integer 0-65535, got ${text}`);
  return number as never;
}

