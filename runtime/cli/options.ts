/**
 * The command line of `cloud-interfaces`: one command's arguments parsed against the one option
 * set (runtime/options/option-set.ts), and `--help` written from it.
 */
import { parseArgs } from "node:util";
import { checkOption, OPTIONS, UsageError, type OptionName, type OptionSpec, type OptionValues } from "../options/option-set.js";

export * from "../options/option-set.js";
export { DEFAULT_HOST } from "../http/listen.js";

/** A command of the `cloud-interfaces` CLI: one declaration adds it, with its help line. */
export interface CommandSpec {
  name: string;
  /** Positional operands as shown in help, e.g. `<service-id>`; each is required. */
  operands?: string[];
  summary: string;
  /** The options it accepts, with the CLI default of each (undefined: none). */
  options: Partial<Record<OptionName, string | number | boolean | undefined>>;
  /** Runs the command; resolves with the exit code (a server keeps the process up and resolves 0). */
  run(values: OptionValues, operands: string[]): Promise<number>;
}

/** Parses one command's arguments with its options only (unknown options are usage errors). */
export function parseCommand(command: CommandSpec, argv: string[]): { values: OptionValues; operands: string[] } {
  const names = Object.keys(command.options) as OptionName[];
  const parserOptions: Record<string, { type: "boolean" | "string"; short?: string; multiple?: boolean }> = {};
  for (const name of [...names, "help" as const]) {
    const spec: OptionSpec = OPTIONS[name];
    parserOptions[name] = { type: spec.kind === "boolean" ? "boolean" : "string", ...(spec.short ? { short: spec.short } : {}), ...(spec.kind === "list" ? { multiple: true } : {}) };
  }
  // `--no-<name>` turns off a boolean option that is on by default (Node 20's parseArgs has no allowNegative).
  const negated: Record<string, boolean> = {};
  const args = argv.filter((arg) => {
    const name = /^--no-(.+)$/.exec(arg)?.[1] as OptionName | undefined;
    if (!name || !names.includes(name) || OPTIONS[name].kind !== "boolean") return true;
    negated[name] = false;
    return false;
  });
  // `--record-limit -1`: parseArgs takes "-1" for an option and answers "ambiguous"; as `--record-limit=-1` the value gets its rule's sentence.
  for (let i = 0; i < args.length - 1; i++) {
    const name = /^--(.+)$/.exec(args[i]!)?.[1] as OptionName | undefined;
    if (name && names.includes(name) && OPTIONS[name].kind !== "boolean" && /^-\d/.test(args[i + 1]!)) args.splice(i, 2, `${args[i]}=${args[i + 1]}`);
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: parserOptions, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs' own sentence ("Unknown option '--x'. To specify a positional argument ...") without its advice.
    throw new UsageError(`${command.name}: ${(error as Error).message.split(". ")[0]!.replace(/\.$/, "")}`);
  }
  const values: Record<string, unknown> = {};
  if (parsed.values.help) return { values: { help: true }, operands: [] };
  for (const name of names) {
    const raw = negated[name] ?? parsed.values[name] ?? command.options[name];
    if (raw !== undefined) values[name] = checkOption(name, raw);
  }
  const expected = command.operands ?? [];
  const operands = parsed.positionals;
  if (operands.length < expected.length) throw new UsageError(`${command.name}: missing ${expected.slice(operands.length).join(" ")}`);
  if (operands.length > expected.length) throw new UsageError(`${command.name}: unexpected argument(s): ${operands.slice(expected.length).join(" ")}`);
  return { values: values as OptionValues, operands };
}

function optionLabel(name: OptionName): string {
  const spec: OptionSpec = OPTIONS[name];
  return `${spec.short ? `-${spec.short}, ` : ""}--${name}${spec.placeholder ? ` ${spec.placeholder}` : ""}`;
}

/** Two aligned columns. */
function table(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}   ${right}`.trimEnd()).join("\n");
}

/** The `--help` text of a program with these commands, generated from the declarations above. */
export function helpText(program: string, commands: CommandSpec[], footer = ""): string {
  const synopsis = (c: CommandSpec) =>
    [c.name, ...(c.operands ?? []), ...(Object.keys(c.options) as OptionName[]).map((n) => `[${optionLabel(n).replace(/^-\w, /, "")}]`)].join(" ");
  const used = [...new Set(commands.flatMap((c) => Object.keys(c.options) as OptionName[]))];
  const defaults = (name: OptionName) => {
    const shown = commands.filter((c) => c.options[name] !== undefined && OPTIONS[name].kind !== "boolean").map((c) => `${c.name}: ${c.options[name]}`);
    return shown.length ? ` (default ${shown.join(", ")})` : "";
  };
  return [
    "usage:",
    ...commands.map((c) => `  ${program} ${synopsis(c)}`),
    `  ${program} --help | --version`,
    "",
    "commands:",
    table(commands.map((c) => [[c.name, ...(c.operands ?? [])].join(" "), c.summary])),
    "",
    "options:",
    table([...used, "help" as const, "version" as const].map((n) => [optionLabel(n), `${OPTIONS[n].description}${defaults(n)}`])),
    ...(footer ? ["", footer] : []),
  ].join("\n");
}
