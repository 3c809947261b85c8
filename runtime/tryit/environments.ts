/**
 * Named environments of a service's Try it console (issue 48): where requests go (the emulator in
 * the page, a local mock, a server of the reader's), with the credentials and the bound values
 * (the last token, created ids) each one holds. One is active for the whole page; switching puts
 * its credentials and values in every panel. Kept per service in localStorage and read back with
 * suspicion: what is not a list this console wrote is discarded with the reason, and the console
 * starts from the defaults.
 *
 * The emulator's own credentials and bound values are kept for the page only (see changed()).
 * Credentials stay with their environment: an environment's credentials are sent to its own
 * origin only (the client is built on its base URL, and the other environments' values are not
 * in the panels while it is active); a server's are never sent to the in-page emulator, so they
 * never reach its history, its exported state or Copy as test. A base URL with a user name or
 * password is refused (no credential in a URL).
 */

export interface Environment {
  /** Stable key: "emulator", "mock", or "server-<n>". */
  id: string;
  name: string;
  /** Absent for the emulator in the page. */
  baseUrl?: string;
  /** Scheme name -> value (a string, or { username, password } for Basic). */
  credentials: Record<string, unknown>;
  /** Flow keys other panels take (token, created:<collection>) -> value. */
  bound: Record<string, string>;
}

export interface EnvironmentList {
  version: 1;
  active: string;
  list: Environment[];
}

export const environmentsKey = (serviceId: string) => `cloud-interfaces:tryit-environments:${serviceId}`;
/** A local `cloud-interfaces mock <id>` listens here by default (runtime/cli/commands.ts). */
export const LOCAL_MOCK_URL = "http://127.0.0.1:4010";
export const MAX_ENVIRONMENTS = 20;
export const MAX_ENVIRONMENTS_CHARS = 100_000;

export const defaultEnvironments = (): EnvironmentList => ({
  version: 1,
  active: "emulator",
  list: [
    { id: "emulator", name: "Emulator in this page", credentials: {}, bound: {} },
    { id: "mock", name: "Local mock", baseUrl: LOCAL_MOCK_URL, credentials: {}, bound: {} },
  ],
});

/** Why `text` is not a base URL an environment may hold; undefined when it is. */
export function baseUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "it is not a URL";
  }
  if (!/^https?:$/.test(url.protocol)) return "it is not http(s)";
  if (url.username || url.password) return "it carries a user name or password (credentials go in the environment's fields, never in a URL)";
  if (url.search || url.hash) return "it has a query or a fragment";
  return undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const isCredential = (v: unknown) => typeof v === "string" || (isObject(v) && typeof v.username === "string" && typeof v.password === "string" && Object.keys(v).length === 2);

function environmentProblem(e: unknown): string | undefined {
  if (!isObject(e)) return "an environment is not an object";
  if (typeof e.id !== "string" || !/^(emulator|mock|server-\d{1,6})$/.test(e.id)) return "an environment has no id";
  if (typeof e.name !== "string" || e.name.length === 0 || e.name.length > 80) return "an environment has no name";
  if (e.id === "emulator" ? e.baseUrl !== undefined : typeof e.baseUrl !== "string" || baseUrlProblem(e.baseUrl) !== undefined) return `the base URL of ${e.name} is not one an environment holds`;
  if (!isObject(e.credentials) || !Object.values(e.credentials).every(isCredential)) return `the credentials of ${e.name} are not credentials`;
  if (!isObject(e.bound) || !Object.entries(e.bound).every(([k, v]) => /^(token|created:.+)$/.test(k) && typeof v === "string")) return `the bound values of ${e.name} are not values`;
  return undefined;
}

/** The environments kept in `text`, or why they are discarded. */
export function readEnvironments(text: string): { environments: EnvironmentList } | { discarded: string } {
  if (text.length > MAX_ENVIRONMENTS_CHARS) return { discarded: `it is larger than the ${MAX_ENVIRONMENTS_CHARS.toLocaleString("en")} characters the console keeps` };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { discarded: "it is not JSON" };
  }
  if (!isObject(v) || v.version !== 1 || !Array.isArray(v.list)) return { discarded: "it is not a list of environments this console keeps" };
  if (v.list.length === 0 || v.list.length > MAX_ENVIRONMENTS) return { discarded: `it holds ${v.list.length} environments (1 to ${MAX_ENVIRONMENTS} are kept)` };
  for (const e of v.list) {
    const problem = environmentProblem(e);
    if (problem) return { discarded: problem };
  }
  const ids = v.list.map((e) => (e as Environment).id);
  if (new Set(ids).size !== ids.length || !ids.includes("emulator")) return { discarded: "its environments are not distinct, or the emulator is missing" };
  if (typeof v.active !== "string" || !ids.includes(v.active)) return { discarded: "its active environment is not in the list" };
  return { environments: v as unknown as EnvironmentList };
}

function local(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

type Listener = (active: Environment, list: readonly Environment[]) => void;

/** The environments of one service on this page: the active one, switching, editing, kept in localStorage. */
export class Environments {
  private state: EnvironmentList;
  private readonly listeners = new Set<Listener>();
  /** Why what localStorage held was discarded; undefined when nothing was. */
  readonly notice: string | undefined;

  constructor(readonly serviceId: string) {
    let text: string | null | undefined;
    try {
      text = local()?.getItem(environmentsKey(serviceId));
    } catch {
      text = undefined;
    }
    const read = text ? readEnvironments(text) : undefined;
    if (read && "discarded" in read) {
      this.notice = `The environments this browser kept for ${serviceId} were discarded (${read.discarded}); the defaults are back.`;
      try {
        local()?.removeItem(environmentsKey(serviceId));
      } catch {
        // Nothing kept either way.
      }
    }
    this.state = read && "environments" in read ? read.environments : defaultEnvironments();
  }

  get active(): Environment {
    return this.state.list.find((e) => e.id === this.state.active)!;
  }

  get list(): readonly Environment[] {
    return this.state.list;
  }

  /** Calls `listener` now and on every change. */
  watch(listener: Listener): void {
    this.listeners.add(listener);
    listener(this.active, this.list);
  }

  /**
   * What localStorage keeps: every environment, but the emulator's credentials and bound values
   * stay with the page. They belong to the emulator's state, which a tab keeps on its own
   * (sessionStorage): a token or id it issued means nothing to another tab's fresh emulator.
   */
  private changed(): void {
    const kept: EnvironmentList = { ...this.state, list: this.state.list.map((e) => (e.baseUrl === undefined ? { ...e, credentials: {}, bound: {} } : e)) };
    try {
      local()?.setItem(environmentsKey(this.serviceId), JSON.stringify(kept));
    } catch {
      // A full or refused storage: the environments last for this page.
    }
    for (const listener of this.listeners) listener(this.active, this.list);
  }

  switchTo(id: string): void {
    if (id === this.state.active || !this.state.list.some((e) => e.id === id)) return;
    this.state.active = id;
    this.changed();
  }

  /** A value a panel wrote (a credential typed, a token or id a call returned), kept in the active environment. */
  keep(key: string, value: unknown): void {
    const env = this.active;
    if (key.startsWith("credential:")) {
      if (isCredential(value)) env.credentials[key.slice("credential:".length)] = value;
    } else if (/^(token|created:.+)$/.test(key) && (typeof value === "string" || typeof value === "number")) env.bound[key] = String(value);
    else return;
    this.changed();
  }

  /** Adds a server environment and makes it active; returns why not when the URL is refused. */
  add(name: string, baseUrl: string): string | undefined {
    const problem = baseUrlProblem(baseUrl);
    if (problem) return problem;
    if (this.state.list.length >= MAX_ENVIRONMENTS) return `at most ${MAX_ENVIRONMENTS} environments are kept`;
    const n = Math.max(0, ...this.state.list.map((e) => Number(/^server-(\d+)$/.exec(e.id)?.[1] ?? 0))) + 1;
    const id = `server-${n}`;
    this.state.list.push({ id, name: name.trim().slice(0, 80) || `Server ${n}`, baseUrl: new URL(baseUrl).href.replace(/\/$/, ""), credentials: {}, bound: {} });
    this.state.active = id;
    this.changed();
    return undefined;
  }

  /** Changes the active server environment's base URL; its credentials are forgotten when the origin changes (they were given for the old one). */
  setBaseUrl(baseUrl: string): string | undefined {
    const env = this.active;
    if (env.baseUrl === undefined) return "the emulator in the page has no base URL";
    const problem = baseUrlProblem(baseUrl);
    if (problem) return problem;
    const next = new URL(baseUrl).href.replace(/\/$/, "");
    if (new URL(next).origin !== new URL(env.baseUrl).origin) {
      env.credentials = {};
      env.bound = {};
    }
    env.baseUrl = next;
    this.changed();
    return undefined;
  }

  /** Removes the active server environment; the emulator becomes active. */
  remove(): void {
    if (this.state.active === "emulator") return;
    this.state.list = this.state.list.filter((e) => e.id !== this.state.active);
    this.state.active = "emulator";
    this.changed();
  }
}
