/**
 * When nobody waits any more for the answer to a request the HTTP edge handed a handler: its
 * client closed the connection, or the edge gave up on the handler. Kept beside the Request,
 * not inside it (a Request built with a signal costs several times one without on Node 20), and
 * the signal is made only for a handler that asks (the proxy, to stop reading its upstream).
 */
const watches = new WeakMap<Request, Watch>();

class Watch {
  private controller: AbortController | undefined;
  private reason: unknown;
  private gone = false;

  abandon(reason: unknown): void {
    if (this.gone) return;
    this.gone = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.gone) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }
}

/** Starts watching a request; the edge calls the returned function when the answer is no longer awaited. */
export function watchAbandon(request: Request): (reason: unknown) => void {
  const watch = new Watch();
  watches.set(request, watch);
  return (reason) => watch.abandon(reason);
}

/** Aborts when the request's answer is no longer awaited; undefined for a request no edge handed over (in process, MSW). */
export function abandonedSignal(request: Request): AbortSignal | undefined {
  return watches.get(request)?.signal;
}
