/**
 * The emulator's clock (issue 46): real time (or the caller's `clock` option) until set or moved.
 * `set` fixes it at an instant (it stands still there unless `running`), `advance` moves it by a
 * duration (a fixed clock stays fixed, a running one keeps running), `reset` goes back to the
 * base. Every time-dependent behaviour of an emulator reads `now()`: creation dates, token and
 * code lifetimes, rate windows.
 */
export class MovableClock {
  private offset = 0;
  private fixed: number | undefined;
  constructor(private readonly base: () => number = Date.now) {}
  now(): number {
    return this.fixed ?? this.base() + this.offset;
  }
  get running(): boolean {
    return this.fixed === undefined;
  }
  set(time: number, running = false): void {
    if (running) {
      this.fixed = undefined;
      this.offset = time - this.base();
    } else this.fixed = time;
  }
  advance(ms: number): void {
    if (this.fixed !== undefined) this.fixed += ms;
    else this.offset += ms;
  }
  reset(): void {
    this.fixed = undefined;
    this.offset = 0;
  }
}
