/** The exit code after a close: 0 unless the close set `process.exitCode` (a state file it could not write). */
const exitCode = () => (process.exitCode === undefined ? 0 : Number(process.exitCode));

/** Keeps a server's process up until SIGINT/SIGTERM, then closes it and exits 0 (every serving command). */
export function stopOnSignal(close: () => Promise<unknown> | void): void {
  const stop = () => void Promise.resolve(close()).finally(() => process.exit(exitCode()));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** How often a server started by npm looks whether npm is still there. */
export const PARENT_CHECK_MS = 250;

/**
 * Closes the server and exits when the process that started it is gone (issue 46):
 * `npx cloud-interfaces mock … &` then `kill $!` signals npm's process, which exits without
 * passing SIGTERM to its child; the server then kept its port. The child is re-parented when its
 * parent dies, so a changed `process.ppid` says so. Only for servers npm started: one a shell
 * starts directly may outlive the shell on purpose (nohup).
 */
export function stopWithParent(close: () => Promise<unknown> | void, checkMs = PARENT_CHECK_MS): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    void Promise.resolve(close()).finally(() => process.exit(exitCode()));
  }, checkMs);
  timer.unref();
}
