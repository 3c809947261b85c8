/**
 * A request and an answer without WHATWG objects: what the front end hands the emulators and
 * writes back. A WHATWG Request has every field of `RequestLike`, so the emulators take either;
 * on Node 20 building Requests and Responses costs more than the emulation itself.
 */
export interface RequestLike {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** An answer before it becomes a WHATWG Response (or is written to a socket). */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body?: string;
  /**
   * The value `body` serialises (a JSON answer the emulator built): its check validates this
   * object rather than parsing the text back. Never sent; `body` is what goes on the wire.
   */
  value?: unknown;
}
