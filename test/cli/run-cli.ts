/**
 * The `cloud-interfaces` command run in process, as the CLI tests drive it: its exit code and
 * what it printed, console output captured (not shown) for the one call.
 */
import { vi } from "vitest";
import { runCli } from "../../runtime/cli/commands.js";

export async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a) => void out.push(a.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation((...a) => void err.push(a.join(" ")));
  try {
    const code = await runCli(argv);
    return { code, stdout: out.join("\n"), stderr: err.join("\n") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
