/**
 * Links a caller's AbortSignal to the per-call controllers of every call that shares it, with
 * ONE listener per signal: twenty concurrent calls on one signal would otherwise add twenty
 * listeners and make Node print MaxListenersExceededWarning. The listener goes when the last
 * call sharing the signal ends.
 */
/** What a link aborts: an AbortController, or a call's Deadline. */
interface Abortable {
  abort(reason?: unknown): void;
}

interface Link {
  readonly controllers: Set<Abortable>;
  readonly onAbort: () => void;
}

const links = new WeakMap<AbortSignal, Link>();
const nothing = () => undefined;

/** Aborts `inner` when `outer` aborts; the returned function unlinks it (call it on every path). */
export function linkAbort(outer: AbortSignal | undefined, inner: Abortable): () => void {
  if (!outer) return nothing;
  if (outer.aborted) {
    inner.abort(outer.reason);
    return nothing;
  }
  let link = links.get(outer);
  if (!link) {
    const controllers = new Set<Abortable>();
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
/**
 * One call's end: its deadline, or the caller's abort. Its AbortSignal is made when first asked
 * for (the transport's init, a token provider, the retry waits); the timer is the client's
 * (Deadlines, below), not the call's.
 */
export class Deadline implements Abortable {
  private controller: AbortController | undefined;
  private reason: unknown;
  private done = false;
  private waiting: Set<(reason: unknown) => void> | undefined;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.done) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  abort(reason?: unknown): void {
    if (this.done) return;
    this.done = true;
    this.reason = reason;
    this.controller?.abort(reason);
    if (this.waiting) for (const stop of this.waiting) stop(reason);
  }

  throwIfAborted(): void {
    if (this.done) throw this.reason;
  }

  /** Whether the call has ended (its deadline passed, or the caller aborted). */
  get ended(): boolean {
    return this.done;
  }

  /** Why the call ended: the TimeoutError, or the caller's own abort reason. */
  reasonOf(): unknown {
    return this.reason;
  }

  /**
   * Settles like `work`, or rejects with the reason as soon as the call ends: work that cannot
   * be cancelled (a token provider) is abandoned. The timer holds this Deadline, so the wait
   * ends even when nothing else holds the work.
   */
  until<T>(work: Promise<T>): Promise<T> {
    if (this.done) {
      // The work ends too (it was given the same signal); its own rejection is not the call's.
      work.catch(nothing);
      return Promise.reject(this.reason);
    }
    return new Promise<T>((resolve, reject) => {
      const off = this.onEnd(reject);
      work.then(
        (value) => (off(), resolve(value)),
        (error: unknown) => (off(), reject(error)),
      );
    });
  }

  /** Calls `stop` with the reason when the call ends, unless the returned function was called first (at once if it has ended). */
  onEnd(stop: (reason: unknown) => void): () => void {
    if (this.done) {
      stop(this.reason);
      return nothing;
    }
    const waiting = (this.waiting ??= new Set());
    waiting.add(stop);
    return () => void waiting.delete(stop);
  }
}

/** A Deadline as the client's timer sees it: when it ends, what it is called, and its neighbours among the pending ones. */
class TimedDeadline extends Deadline {
  /** The pending deadlines of a client, oldest first, as a list through the deadlines themselves. */
  older: TimedDeadline | undefined = undefined;
  newer: TimedDeadline | undefined = undefined;
  /** Whether it is still in its client's list. */
  pending = true;
  constructor(
    readonly expires: number,
    readonly operation: string,
  ) {
    super();
  }
}

type Timer = ReturnType<typeof setTimeout> & { ref?(): unknown; unref?(): unknown };

/**
 * The deadlines of one client's pending calls, under ONE timer: every call of a client has the
 * same timeoutMs, so calls end in the order they began, and the timer only needs to wake for the
 * oldest. A call costs a (monotonic) clock read and a link in a list of the pending deadlines
 * (through the deadlines themselves: no Set entry to add and delete, whose table churned on
 * every call) instead of a setTimeout and a clearTimeout; the timer stays armed between calls
 * but, while no call is pending, does not keep Node running (unref), and wakes at most once per
 * timeoutMs to find nothing.
 */
export class Deadlines {
  private oldest: TimedDeadline | undefined;
  private newest: TimedDeadline | undefined;
  private timer: Timer | undefined;
  private refed = false;

  constructor(
    private readonly timeoutMs: number,
    /** The reason a call ends with at its deadline (the client's TimeoutError). */
    private readonly expired: (operation: string) => unknown,
  ) {}

  start(operation: string): Deadline {
    const deadline = new TimedDeadline(performance.now() + this.timeoutMs, operation);
    const newest = this.newest;
    if (newest === undefined) this.oldest = deadline;
    else {
      newest.newer = deadline;
      deadline.older = newest;
    }
    this.newest = deadline;
    if (!this.timer) this.arm(this.timeoutMs);
    else if (!this.refed) {
      this.refed = true;
      this.timer.ref?.();
    }
    return deadline;
  }

  end(deadline: Deadline): void {
    this.unlink(deadline as TimedDeadline);
    if (this.oldest === undefined && this.refed) {
      this.refed = false;
      this.timer?.unref?.();
    }
  }

  private unlink(deadline: TimedDeadline): void {
    if (!deadline.pending) return;
    deadline.pending = false;
    const { older, newer } = deadline;
    if (older === undefined) this.oldest = newer;
    else older.newer = newer;
    if (newer === undefined) this.newest = older;
    else newer.older = older;
    deadline.older = deadline.newer = undefined;
  }

  private arm(ms: number): void {
    this.refed = true;
    this.timer = setTimeout(this.wake, ms) as Timer;
  }

  private readonly wake = (): void => {
    this.timer = undefined;
    const now = performance.now();
    for (let deadline = this.oldest; deadline !== undefined; deadline = this.oldest) {
      // The oldest still pending is the next to end: wake again then.
      if (deadline.expires > now) return this.arm(Math.min(Math.ceil(deadline.expires - now), this.timeoutMs));
      this.unlink(deadline);
      deadline.abort(this.expired(deadline.operation));
    }
    this.refed = false;
  };
}
