/**
 * Links a caller's AbortSignal to the per-call controllers of every call that shares it, with
 * ONE listener per signal: twenty concurrent calls on one signal would otherwise add twenty
 * listeners and make Node print MaxListenersExceededWarning. The listener goes when the last
 * call sharing the signal ends.
 */
interface Link {
  readonly controllers: Set<AbortController>;
  readonly onAbort: () => void;
}

const links = new WeakMap<AbortSignal, Link>();
const nothing = () => undefined;

/** Aborts `inner` when `outer` aborts; the returned function unlinks it (call it on every path). */
export function linkAbort(outer: AbortSignal | undefined, inner: AbortController): () => void {
  if (!outer) return nothing;
  if (outer.aborted) {
    inner.abort(outer.reason);
    return nothing;
  }
  let link = links.get(outer);
  if (!link) {
    const controllers = new Set<AbortController>();
    // Not `once`: every call still unlinks itself, and the last one removes the listener.
    const onAbort = () => {
      for (const controller of controllers) controller.abort(outer.reason);
    };
    link = { controllers, onAbort };
    links.set(outer, link);
    outer.addEventListener("abort", onAbort);
  }
  const { controllers, onAbort } = link;
  controllers.add(inner);
  return () => {
    controllers.delete(inner);
    if (controllers.size === 0) {
      links.delete(outer);
      outer.removeEventListener("abort", onAbort);
    }
  };
}
/** Settles like `work`, or rejects with the signal's reason as soon as it aborts (a provider cannot be cancelled, only abandoned). */
export function untilAborted<T>(work: T | Promise<T>, signal: AbortSignal): Promise<T> {
  if (!(work instanceof Promise)) return Promise.resolve(work);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort);
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
