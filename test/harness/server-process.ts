/** A server script started in a child process, for tests that must not share its event loop. */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface ServerProcess {
  child: ChildProcess;
  /** The first line the script printed (its listening addresses, as JSON). */
  line: string;
  stderr(): string;
}

/** Starts `script` (a path under the repository) with tsx and waits for its first line of output; rejects if it exits first. */
export async function startServerProcess(script: URL, args: string[], what: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(script), ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    // A second Node loading tsx and the server's modules: seconds when quiet, many more under load.
    const waited = setTimeout(() => {
      child.kill();
      reject(new Error(`${what} process printed no listening line within 90 s: ${stderr}`));
    }, 90_000);
    child.stdout!.on("data", (d) => {
      out += d;
      if (out.includes("\n")) (clearTimeout(waited), resolve(out.split("\n")[0]!));
    });
    child.once("exit", (code) => (clearTimeout(waited), reject(new Error(`${what} process exited (${code}) before listening: ${stderr}`))));
  });
  return { child, line, stderr: () => stderr };
}
