/** Keeps a server's process up until SIGINT/SIGTERM, then closes it and exits 0 (every serving command). */
export function stopOnSignal(close: () => Promise<unknown> | void): void {
  const stop = () => void Promise.resolve(close()).finally(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
