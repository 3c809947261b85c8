/**
 * What the panels of one service's page share: the credentials (entered once, used by every
 * panel) and the values a call returned that another call takes (a token, a created id). A
 * panel writes a value once; every panel that takes it, open now or opened later, is filled.
 * Nothing here is stored: it lasts as long as the page.
 */
export type Listener = (value: unknown, from: unknown) => void;

export class Flow {
  private readonly values = new Map<string, unknown>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly observers = new Set<(key: string, value: unknown, from: unknown) => void>();

  get(key: string): unknown {
    return this.values.get(key);
  }

  has(key: string): boolean {
    return this.values.has(key);
  }

  /** `from` names the writer, so a field does not rewrite itself while the user types. */
  set(key: string, value: unknown, from?: unknown): void {
    this.values.set(key, value);
    for (const listener of this.listeners.get(key) ?? []) listener(value, from);
    for (const observer of this.observers) observer(key, value, from);
  }

  /** Calls `observer` with every later write, whatever its key (the environments keep what panels write). */
  observe(observer: (key: string, value: unknown, from: unknown) => void): void {
    this.observers.add(observer);
  }

  /** Calls `listener` with the current value, if there is one, and with every later one. */
  watch(key: string, listener: Listener): void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    if (this.values.has(key)) listener(this.values.get(key), undefined);
  }
}

/** The keys panels share. */
export const KEYS = {
  credential: (scheme: string) => `credential:${scheme}`,
  /** The last access token a call returned. */
  token: "token",
  /** The id a create (POST on `collection`) returned: `collection/{param}` operations take it. */
  created: (collection: string) => `created:${collection}`,
};

/** The id a create answered with: a top-level `id`, or the first resource's in a collection envelope. */
export function createdId(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, any>;
  const candidates = [record.id, record.resources?.[0]?.id];
  const found = candidates.find((v) => typeof v === "string" || typeof v === "number");
  return found === undefined ? undefined : String(found);
}

/** For `/a/{x}/items/{id}`: the collection `/a/{x}/items` and the parameter `id`; undefined when the path does not end in one parameter. */
export function itemOf(path: string): { collection: string; param: string } | undefined {
  const match = /^(.*)\/\{([^}]+)\}$/.exec(path);
  return match && match[1] ? { collection: match[1], param: match[2]! } : undefined;
}

/**
 * The Basic credential a panel starts with: the scheme's documented example (`x-example`,
 * `user:password`), which the emulator's starting world knows; else the identity emulator's
 * default client, which every identity emulator knows too.
 */
export function basicCredential(scheme: { example?: string } | undefined): { username: string; password: string } {
  const example = scheme?.example;
  const colon = example?.indexOf(":") ?? -1;
  if (example && colon > 0) return { username: example.slice(0, colon), password: example.slice(colon + 1) };
  return { username: "emulator-client", password: "emulator-secret" };
}
