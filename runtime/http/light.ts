/**
 * A request and an answer without WHATWG objects: what the front end hands the emulators and
 * writes back. A WHATWG Request has every field of `RequestLike`, so the emulators take either;
 * on Node 20 building Requests and Responses costs more than the emulation itself.
 */
import { CloudInterfacesError } from "../core/base-error.js";

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

/** A header line WHATWG Headers would refuse (its TypeError): the front end answers it 400 malformed-header. */
export class InvalidHeaderLine extends CloudInterfacesError {}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const INVALID_VALUE = /[\0\r\n]/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** Tab, LF, CR and space: what Headers trims from a value's edges. */
const EDGE = new Set([0x09, 0x0a, 0x0d, 0x20]);

/**
 * Request header lines read as WHATWG `Headers` reads them, for the light request: names without
 * case, values trimmed of spaces and tabs, repeated lines joined (", ", a Cookie with "; "), a
 * name that is not a token or a value holding NUL, CR or LF refused where Headers throws.
 * Only `get`: building an undici Headers per request cost the emulator's answer more than its
 * routing. test/http/header-lines.test.ts holds it to Headers on the same lines.
 */
export class HeaderLines {
  private readonly values = new Map<string, string>();

  append(name: string, value: string): void {
    if (!TOKEN.test(name)) throw new InvalidHeaderLine(`header: "${name.slice(0, 60)}" is not a valid field name`);
    // Most values have no whitespace at either edge: then no regular expression runs over them.
    const normal = value.length > 0 && (EDGE.has(value.charCodeAt(0)) || EDGE.has(value.charCodeAt(value.length - 1))) ? value.replace(EDGE_WHITESPACE, "") : value;
    if (INVALID_VALUE.test(normal)) throw new InvalidHeaderLine(`header ${name}: not a valid field value`);
    const key = name.toLowerCase();
    const before = this.values.get(key);
    this.values.set(key, before === undefined ? normal : `${before}${key === "cookie" ? "; " : ", "}${normal}`);
  }

  set(name: string, value: string): void {
    this.values.delete(name.toLowerCase());
    this.append(name, value);
  }

  get(name: string): string | null {
    // Callers mostly ask by the lower-case name already: no copy of it then.
    return this.values.get(name) ?? this.values.get(name.toLowerCase()) ?? null;
  }
}
