/**
 * `cloud-interfaces verify` and `cloud-interfaces proxy`: what the commands do with their options,
 * parsed by the shared option set (declared in runtime/cli/commands.ts). Exit codes: 0 something
 * verified and nothing failed or left unverified, 1 a check failed, 2 usage or connection error,
 * credentials rejected, checks not verified, or the deadline reached before the end.
 */
import { writeFileSync } from "node:fs";
import type { OptionValues } from "../options/option-set.js";
import { render } from "./report.js";
import { SERVICE_IDS, type ServiceId } from "../../generated/service-ids.js";
import { VerifyConnectionError } from "./sender.js";
import { verifyServer, VerifyUsageError, type VerifyOptions } from "./verify.js";

/** The options of the shared option set (runtime/cli/options.ts) that `verify` takes. */
export type VerifyCommandValues = Pick<OptionValues, "base-url" | "credentials-env" | "bind" | "input-env" | "allow-writes" | "allow-send" | "allow-unverified" | "only" | "rate" | "deadline" | "request-timeout" | "max-body" | "baseline" | "write-baseline" | "budget" | "seed" | "report" | "out">;

/** `name=value` pairs; the message names the option and the rule. */
function pairs(option: string, list: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const i = item.indexOf("=");
    if (i <= 0) throw new VerifyUsageError(`--${option} ${JSON.stringify(item)}: must be name=value`);
    out[item.slice(0, i)] = item.slice(i + 1);
  }
  return out;
}

/** Options of verifyServer from the command line's values; secrets stay in the environment. */
export function verifyOptionsOf(values: VerifyCommandValues): VerifyOptions & { report: "text" | "json" | "junit"; out?: string } {
  if (!values["base-url"]) throw new VerifyUsageError("--base-url is required");
  const report = values.report ?? "text";
  if (report !== "text" && report !== "json" && report !== "junit") throw new VerifyUsageError(`--report: must be text, json or junit, got ${JSON.stringify(report)}`);
  const { rate, deadline } = values;
  const timeout = values["request-timeout"];
  const maxBody = values["max-body"];
  return {
    baseUrl: values["base-url"],
    credentialsEnv: pairs("credentials-env", values["credentials-env"]),
    bind: pairs("bind", values.bind),
    ...(values["input-env"] ? { inputsEnv: pairs("input-env", values["input-env"]) } : {}),
    allowWrites: values["allow-writes"] === true,
    allowSend: values["allow-send"] === true,
    ...(values.only ? { only: values.only.split(",").map((s) => s.trim()).filter(Boolean) } : {}),
    ...(rate !== undefined ? { rate } : {}),
    ...(deadline !== undefined ? { deadlineMs: deadline * 1000 } : {}),
    ...(timeout !== undefined ? { requestTimeoutMs: timeout * 1000 } : {}),
    ...(maxBody !== undefined ? { maxBodyBytes: maxBody } : {}),
    ...(values["allow-unverified"] ? { allowUnverified: true } : {}),
    ...(values.baseline ? { baseline: values.baseline } : {}),
    ...(values["write-baseline"] ? { writeBaseline: values["write-baseline"] } : {}),
    ...(values.budget !== undefined ? { budget: values.budget } : {}),
    ...(values.seed !== undefined ? { seed: values.seed } : {}),
    report,
    ...(values.out ? { out: values.out } : {}),
  };
}

/** Runs a verification and writes its report (to --out, else stdout); resolves with the exit code. */
/** A command line's service id, or a usage error naming the known ones. */
function serviceIdOf(_command: string, id: string): ServiceId {
  // The caller prints the command's prefix ("verify: "): the message carries none of its own.
  if (!(SERVICE_IDS as readonly string[]).includes(id)) throw new VerifyUsageError(`unknown service ${JSON.stringify(id)}; service ids: ${SERVICE_IDS.join(", ")}`);
  return id as ServiceId;
}

export async function runVerify(serviceId: string, values: VerifyCommandValues, io: { stdout?: (s: string) => void; stderr?: (s: string) => void } = {}): Promise<number> {
  const stdout = io.stdout ?? ((s: string) => process.stdout.write(s));
  const stderr = io.stderr ?? ((s: string) => process.stderr.write(s));
  try {
    // The service first: options are judged against its document.
    const id = serviceIdOf("verify", serviceId);
    const { report: format, out, ...options } = verifyOptionsOf(values);
    const report = await verifyServer(id, options);
    const text = render(report, format);
    if (out) {
      writeFileSync(out, text);
      const { verified, failed, notVerified, checks } = report.summary;
      stderr(`verify ${serviceId}: ${report.verdict === "pass" ? "passed" : report.verdict.toUpperCase()}, ${verified} verified, ${failed} failed, ${notVerified} not verified of ${checks} checks${report.incomplete ? ` (${report.incomplete})` : ""}; report in ${out}\n`);
    } else stdout(text);
    return report.exitCode;
  } catch (error) {
    if (error instanceof VerifyUsageError || error instanceof VerifyConnectionError) {
      stderr(`verify: ${error.message}\n`);
      return 2;
    }
    if (error instanceof Error && /not a service id|no such file|ENOENT/i.test(error.message)) {
      stderr(`verify: unknown service ${JSON.stringify(serviceId)}\n`);
      return 2;
    }
    throw error;
  }
}

export type ProxyCommandValues = Pick<OptionValues, "target" | "port" | "host" | "strict" | "cors" | "max-body" | "record-limit">;

/** Starts the proxy and prints the drift summary when the process is stopped. */
export async function runProxy(serviceId: string, values: ProxyCommandValues): Promise<number> {
  if (!values.target) {
    process.stderr.write("proxy: --target is required\n");
    return 2;
  }
  const { startProxy } = await import("./proxy.js");
  let proxy;
  try {
    proxy = await startProxy(serviceIdOf("proxy", serviceId), { target: values.target, ...(values.port !== undefined ? { port: values.port } : {}), ...(values.host ? { host: values.host } : {}), strict: values.strict === true, ...(values.cors !== undefined ? { cors: values.cors } : {}), ...(values["max-body"] !== undefined ? { maxBodyBytes: values["max-body"] } : {}), ...(values["record-limit"] !== undefined ? { recordLimit: values["record-limit"] } : {}) });
  } catch (error) {
    process.stderr.write(`proxy: ${(error as Error).message}\n`);
    return 2;
  }
  console.log(`${serviceId} validating proxy on ${proxy.url} → ${values.target}${values.strict ? " (strict)" : ""} (Ctrl-C to stop and print the drift summary)`);
  const stop = () =>
    void proxy.close().finally(() => {
      process.stderr.write(`${proxy.summary()}\n`);
      process.exit(0);
    });
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return 0;
}

