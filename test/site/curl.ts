/**
 * Reads a generated curl sample the way a shell and curl would, into the HTTP request it sends.
 * Only what the samples use is understood; anything else is an error, so a sample can never
 * carry an option this reader silently ignores.
 */

export interface CurlRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

/** POSIX shell words: quotes, backslash escapes and line continuations, `$NAME` expanded from `env`. */
export function shellWords(text: string, env: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | undefined;
  const add = (s: string) => (word = (word ?? "") + s);
  const variable = (from: number): [string, number] => {
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(from));
    if (!match) return ["$", from];
    const name = match[0];
    if (!(name in env)) throw new Error(`sample uses $${name}, which the test does not define`);
    return [env[name]!, from + name.length];
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\" && text[i + 1] === "\n") {
      i += 2;
    } else if (c === "\\") {
      add(text[i + 1] ?? "");
      i += 2;
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error("unterminated single quote");
      add(text.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      add("");
      i++;
      while (text[i] !== '"') {
        if (i >= text.length) throw new Error("unterminated double quote");
        if (text[i] === "\\" && /[\\"`$\n]/.test(text[i + 1] ?? "")) {
          add(text[i + 1] === "\n" ? "" : text[i + 1]!);
          i += 2;
        } else if (text[i] === "$") {
          const [value, next] = variable(i + 1);
          add(value);
          i = next;
        } else if (text[i] === "`") {
          throw new Error("command substitution in a sample");
        } else {
          add(text[i]!);
          i++;
        }
      }
      i++;
    } else if (c === "$") {
      const [value, next] = variable(i + 1);
      add(value);
      i = next;
    } else if (/[;&|<>`(){}*?[\]!#~]/.test(c)) {
      throw new Error(`unquoted shell metacharacter ${JSON.stringify(c)} in a sample`);
    } else {
      add(c);
      i++;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** curl's --data-urlencode "name=content": the content is percent-encoded, the name is sent as written. */
function urlencodeField(arg: string): string {
  const eq = arg.indexOf("=");
  if (eq < 0) return encodeURIComponent(arg);
  return `${arg.slice(0, eq)}=${encodeURIComponent(arg.slice(eq + 1))}`;
}

export function parseCurl(sample: string, env: Record<string, string>): CurlRequest {
  const [command, ...args] = shellWords(sample, env);
  if (command !== "curl") throw new Error(`not a curl command: ${command}`);
  let method: string | undefined;
  let url: string | undefined;
  const headers: [string, string][] = [];
  const data: string[] = [];
  let form = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === "-X" || arg === "--request") method = value();
    else if (arg === "-I" || arg === "--head") method = "HEAD";
    else if (arg === "-H" || arg === "--header") {
      const h = value();
      const colon = h.indexOf(":");
      if (colon <= 0) throw new Error(`malformed header ${h}`);
      headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
    } else if (arg === "-u" || arg === "--user") {
      headers.push(["Authorization", `Basic ${Buffer.from(value(), "utf8").toString("base64")}`]);
    } else if (arg === "--data-raw") data.push(value());
    else if (arg === "--data-urlencode") {
      data.push(urlencodeField(value()));
      form = true;
    } else if (arg.startsWith("-")) throw new Error(`curl option ${arg} is not understood by this reader`);
    else if (url === undefined) url = arg;
    else throw new Error(`second URL ${arg}`);
  }
  if (url === undefined) throw new Error("no URL");
  // Like curl: data makes a POST unless -X says otherwise, and form data gets the form media type.
  if (form && !headers.some(([n]) => n.toLowerCase() === "content-type")) headers.push(["Content-Type", "application/x-www-form-urlencoded"]);
  return { method: method ?? (data.length > 0 ? "POST" : "GET"), url, headers, ...(data.length > 0 ? { body: data.join("&") } : {}) };
}
