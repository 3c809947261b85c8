/**
 * The try-it panel of one operation: parameters and body pre-filled from the document's
 * examples, a choice of the documented response cases, and Send, which calls the generated
 * client; MSW's worker hands the request to the service's emulator in this page. It shows the
 * request as the emulator received it, the answer as the emulator gave it (a browser hides a
 * manual redirect's status and Location from fetch), and every document violation.
 */
import { ConnectionError } from "../core/call-errors.js";
import { InputError } from "../core/errors.js";
import { placeholderBaseUrl } from "../emulator/servers.js";
import { CLIENT_MODULES } from "./clients.js";
import type { TryitOperation, TryitService } from "./descriptor.js";
import { CASE_HEADER, COOKIE_CARRIER, startSession, type Exchange, type Session } from "./session.js";
import { basicCredential, createdId, Flow, itemOf, KEYS } from "./flow.js";
import { authorizeCodeFlow, type RequestClient } from "./authorize.js";
import { environmentLine, environmentsOf } from "./environment-ui.js";
import { highlightInto, TOKEN_STYLE } from "./highlight.js";
import { el } from "./dom.js";

const STYLE = `
.tryit{border:1px solid #d0d7de;border-radius:6px;padding:.75rem;margin:.5rem 0 1rem;background:#fff;font:14px/1.45 system-ui,sans-serif;color:#1f2328;max-width:100%;box-sizing:border-box}
.tryit *{box-sizing:border-box}
.tryit [hidden]{display:none!important}
.tryit fieldset{border:1px solid #d0d7de;border-radius:6px;margin:0 0 .75rem;padding:.5rem .75rem;min-width:0}
.tryit legend{font-weight:600;padding:0 .25rem}
.tryit label{display:block;margin:.35rem 0 .15rem;font-weight:500;overflow-wrap:anywhere}
.tryit input,.tryit select,.tryit textarea{width:100%;max-width:100%;font:13px ui-monospace,Menlo,Consolas,monospace;padding:.3rem .4rem;border:1px solid #8c959f;border-radius:4px;background:#fff;color:#1f2328}
.tryit textarea{min-height:9rem;resize:vertical}
.tryit button{font:inherit;padding:.35rem .9rem;border-radius:6px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer;margin:.25rem .5rem .25rem 0}
.tryit button.secondary{background:#fff;color:#0b57d0}
.tryit button:focus-visible,.tryit input:focus-visible,.tryit select:focus-visible,.tryit textarea:focus-visible{outline:3px solid #f0a000;outline-offset:1px}
.tryit pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;color:#1f2328;padding:.5rem;border-radius:4px;margin:.25rem 0 .75rem;max-height:24rem;overflow:auto;font:12px/1.4 ui-monospace,Menlo,Consolas,monospace}
.tryit h4{margin:.75rem 0 .25rem;font-size:14px}
.tryit .note{font-size:13px;color:#57606a;margin:0 0 .5rem}
.tryit .tryit-about summary{cursor:pointer;margin:0 0 .5rem}
.tryit .tryit-about[open] summary{margin-bottom:.35rem}
.tryit .violations{color:#a40e26}
.tryit .tryit-authorize-status{display:block;margin:.25rem 0 0}
.tryit .tryit-env-line{margin:0 0 .5rem}
.tryit .tryit-env-box[data-env^=server] .tryit-env-line,.tryit .tryit-env-box[data-env=mock] .tryit-env-line{border-left:4px solid #9a6700;padding-left:.5rem}
.tryit .tryit-env-editor{border:1px solid #d0d7de;border-radius:6px;padding:.5rem .75rem;margin:0 0 .75rem}
.site-nav .tryit-env-item label{color:#c9d1d9}
.site-nav .tryit-env{font:inherit;background:#161b22;color:#f0f6fc;border:1px solid #30363d;border-radius:4px;padding:0 .25rem;max-width:12rem}
`;

/** The panel in a dark system theme (prefers-color-scheme), loaded with the panel. */
const DARK_STYLE = `
.tryit.tryit-beside{margin:0 0 1rem;background:#1b252b;color:#e6edf3;border-color:#3a4a52;}
.tryit-beside pre{background:#11181c;color:#e6edf3}
.tryit-beside .note{color:#9ea7b3}
.tryit-beside .violations{color:#ff7b72}
.tryit-beside:has(.tryit-result:empty){display:none}
@media (prefers-color-scheme:dark){
.tryit{background:#0d1117;color:#e6edf3;border-color:#30363d}
.tryit fieldset,.tryit .tryit-env-editor{border-color:#30363d}
.tryit input,.tryit select,.tryit textarea{background:#161b22;color:#e6edf3;border-color:#484f58}
.tryit pre{background:#161b22;color:#e6edf3}
.tryit .note{color:#9ea7b3}
.tryit button{background:#1f6feb;border-color:#1f6feb}
.tryit button.secondary{background:#0d1117;color:#79c0ff;border-color:#388bfd}
.tryit .violations{color:#ff7b72}
}
`;

let styled = false;
const services = new Map<string, Promise<TryitService>>();
const sessions = new Map<string, Promise<Session>>();
const flows = new Map<string, Flow>();

export function flowOf(id: string): Flow {
  let flow = flows.get(id);
  if (!flow) flows.set(id, (flow = new Flow()));
  return flow;
}

/** What a call returned that other panels take: an access token (also the bearer credential), a created id. */
export function publish(service: TryitService, op: TryitOperation, status: number, body: string | undefined): void {
  let parsed: unknown;
  try {
    parsed = body ? JSON.parse(body) : undefined;
  } catch {
    return;
  }
  const flow = flowOf(service.id);
  const token = (parsed as { access_token?: unknown } | undefined)?.access_token;
  if (status >= 200 && status < 300 && typeof token === "string") {
    flow.set(KEYS.token, token);
    for (const [name, scheme] of Object.entries(service.schemes)) if (scheme.type === "http" && scheme.scheme === "bearer") flow.set(KEYS.credential(name), token);
  }
  const id = createdId(parsed);
  if (op.method === "POST" && status >= 200 && status < 300 && id !== undefined) flow.set(KEYS.created(op.path), id);
}

function serviceData(id: string): Promise<TryitService> {
  let data = services.get(id);
  if (!data) services.set(id, (data = fetch(new URL(`assets/tryit/${id}.json`, document.baseURI)).then((r) => r.json() as Promise<TryitService>)));
  return data;
}

function sessionOf(id: string): Promise<Session> {
  let session = sessions.get(id);
  if (!session) sessions.set(id, (session = startSession(id)));
  return session;
}


const kept = (n: number) => `${n} request${n === 1 ? "" : "s"} in the history`;

let ids = 0;
/** A labelled control. */
function field(label: string, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): HTMLElement {
  control.id ||= `tryit-f${++ids}`;
  return el("div", {}, el("label", { for: control.id }, label), control);
}

/** Text typed into a field, as the parameter's schema type. */
function typed(type: string, text: string): unknown {
  if (type === "integer" || type === "number") return text.trim() === "" || Number.isNaN(Number(text)) ? text : Number(text);
  if (type === "boolean") return text === "true" ? true : text === "false" ? false : text;
  if (type === "array") return text.split(",").map((s) => s.trim());
  if (type === "object") {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

const SECRET_HEADERS = /^(authorization|cookie|x-apikey|x-api-key|x-auth-user-token)$/i;
/** The request as the emulator received it; credential values are masked on screen. */
function shownRequest(request: { method: string; url: string; headers: Array<[string, string]>; body: string }): string {
  const headers = request.headers.map(([k, v]) => `${k}: ${SECRET_HEADERS.test(k) ? v.replace(/^(\w+ )?.+$/, (_m, scheme: string | undefined) => `${scheme ?? ""}•••`) : v}`);
  return [`${request.method} ${request.url}`, ...headers, "", request.body].join("\n").trim();
}

function pretty(body: string | undefined, contentType: string | undefined): string {
  if (!body) return "(no body)";
  if (contentType && /json/i.test(contentType)) {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }
  return body;
}

/**
 * A client of the service, as every panel builds it: aimed at the document's placeholder host,
 * which the worker answers with the emulator (a client sends to none it is not given), or, by
 * `extra`, at a target the reader gave.
 */
async function clientOf(service: TryitService, credentials: Record<string, unknown>, validate = true, extra: Record<string, unknown> = {}): Promise<RequestClient> {
  const module = await CLIENT_MODULES[service.id]!();
  const factory = module[service.factory] as (options: Record<string, unknown>) => RequestClient;
  return factory({ credentials, retry: false, validate, baseUrl: placeholderBaseUrl(service.id), ...extra });
}

/** The transport of a call to a target the reader gave: it keeps the request and the answer, as the emulator's log does for the page. */
function recordingFetch(): { fetch: (request: Request, init?: RequestInit) => Promise<Response>; exchange(): Promise<Exchange | undefined> } {
  let sent: Exchange["request"] | undefined;
  let answer: Response | undefined;
  return {
    async fetch(request, init) {
      const headers: Array<[string, string]> = [];
      request.headers.forEach((value, name) => headers.push([name, value]));
      // Not the emulator's: no place in the page's history (seq -1).
      sent = { seq: -1, status: 0, at: Date.now(), method: request.method, url: request.url, headers, body: request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text() };
      const response = await fetch(request, init);
      answer = response.clone();
      return response;
    },
    async exchange() {
      if (!sent || !answer) return undefined;
      sent.status = answer.status;
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => (headers[name] = value));
      return { request: sent, reply: { status: answer.status, headers, body: answer.type === "opaqueredirect" ? "" : await answer.text() }, violations: [] };
    },
  };
}

/** The Authorize button and its status line, on pages whose document has a code flow. */
function authorizeAction(service: TryitService, session: Session): HTMLElement[] {
  const code = service.codeFlow;
  if (!code) return [];
  const flow = flowOf(service.id);
  const button = el("button", { type: "button", className: "secondary tryit-authorize", textContent: `Authorize (code flow${code.pkce ? " with PKCE" : ""})` });
  const status = el("span", { className: "note tryit-authorize-status", "aria-live": "polite" });
  button.addEventListener("click", async () => {
    // The code flow runs against the emulator in the page, with its own credentials: another environment's are never sent to it.
    if (environmentsOf(service, session, flow).active.baseUrl !== undefined) {
      status.textContent = "Authorize signs in to the emulator in this page: choose it as the environment first.";
      return;
    }
    button.disabled = true;
    status.textContent = "Signing in the emulator's default user…";
    try {
      const credentials = Object.fromEntries(
        Object.entries(service.schemes)
          .filter(([, s]) => s.type === "http" && s.scheme === "basic")
          .map(([name, scheme]) => [name, (flow.get(KEYS.credential(name)) as object | undefined) ?? basicCredential(scheme)]),
      );
      const { accessToken, steps } = await authorizeCodeFlow(service, code, session, flow, await clientOf(service, credentials));
      publish(service, service.operations[code.token]!, 200, JSON.stringify({ access_token: accessToken }));
      status.textContent = `${steps.join("; ")}. The token now fills the bearer credential and the token fields of this page's panels.`;
    } catch (error) {
      status.textContent = `Authorize failed: ${(error as Error).message}`;
    } finally {
      button.disabled = false;
    }
  });
  return [button, status];
}

/** Copies the last answer's body, to paste it as a value anywhere. */
function copyButton(text: string): HTMLElement {
  const button = el("button", { type: "button", className: "secondary tryit-copy", textContent: "Copy body" });
  button.addEventListener("click", () => {
    navigator.clipboard?.writeText(text).then(
      () => (button.textContent = "Copied"),
      () => (button.textContent = "Copy refused by the browser: select the text above"),
    );
  });
  return button;
}

/** The id a successful create answered with, for Copy as test to expect. */
function createdOf(op: TryitOperation, exchange: Exchange): { createdId?: string } {
  if (op.method !== "POST" || exchange.reply.status < 200 || exchange.reply.status >= 300 || !exchange.reply.body) return {};
  try {
    const id = createdId(JSON.parse(exchange.reply.body));
    return id === undefined ? {} : { createdId: id };
  } catch {
    return {};
  }
}

/**
 * History, Export state, Import state and Copy as test: buttons here, their code (./tools.ts)
 * loaded when one is first pressed.
 */
function toolsRow(service: TryitService, session: Session): HTMLElement {
  const out = el("div", { className: "tryit-tool-out", "aria-live": "polite" });
  const file = el("input", { type: "file", accept: "application/json,.json", className: "tryit-import-file", hidden: true, id: `tryit-f${++ids}` });
  // Chosen through the Import state button; labelled all the same.
  const fileLabel = el("label", { for: file.id, hidden: true }, "State file to import (the JSON of GET /__emulator/state)");
  const tool = (label: string, name: string, use: (tools: typeof import("./tools.js")) => unknown) => {
    const button = el("button", { type: "button", className: `secondary tryit-${name}`, textContent: label });
    button.addEventListener("click", () => void import("./tools.js").then(use));
    return button;
  };
  file.addEventListener("change", () => void import("./tools.js").then((t) => t.importState(session, file, out)));
  const importButton = el("button", { type: "button", className: "secondary tryit-import", textContent: "Import state" });
  importButton.addEventListener("click", () => file.click());
  return el(
    "div",
    { className: "tryit-tools" },
    tool("History", "history", (t) => t.showHistory(session, out)),
    tool("Export state", "export", (t) => t.exportState(session, out)),
    importButton,
    fileLabel,
    file,
    tool("Copy as test", "copy-test", (t) => t.showTest(service, session, out)),
    out,
  );
}

export async function openPanel(host: HTMLElement, serviceId: string, operationId: string): Promise<void> {
  if (!styled) {
    document.head.append(el("style", { textContent: STYLE + TOKEN_STYLE + DARK_STYLE }));
    styled = true;
  }
  host.textContent = "Loading the emulator…";
  const [service, session] = await Promise.all([serviceData(serviceId), sessionOf(serviceId)]);
  const op = service.operations[operationId];
  if (!op) {
    host.textContent = `No try-it data for ${operationId}.`;
    return;
  }
  host.textContent = "";
  host.append(render(service, op, session, host));
}

/** The operation's right column in Redoc's layout (a row of two: the middle column holding `host`, then the right one), when there is one. */
function rightColumnOf(host: HTMLElement): HTMLElement | undefined {
  const section = host.closest("[data-section-id]");
  for (let node = host.parentElement; node && section?.contains(node); node = node.parentElement) {
    const row = node.parentElement;
    if (row && section!.contains(row) && row.children.length === 2 && row.children[0] === node) return row.children[1] as HTMLElement;
  }
  return undefined;
}

/** At 1,200 px and wider the answer goes to the operation's right column, beside the panel (as `#<host>-answer`); narrower, under Send. */
const WIDE = "(min-width: 1200px)";

function render(service: TryitService, op: TryitOperation, session: Session, host: HTMLElement): HTMLElement {
  const panel = el("section", { className: "tryit", "aria-label": `Try ${op.operationId}` });
  const count = el("span", { className: "tryit-count", textContent: kept(session.logged()) });
  const reset = el("button", { type: "button", className: "secondary tryit-reset", textContent: "Reset state" });
  const stateNotice = el("p", { className: "note tryit-state-notice", role: "status" });
  const showNotice = () => {
    const text = session.notice();
    stateNotice.textContent = text ?? "";
    stateNotice.hidden = text === undefined;
  };
  showNotice();
  panel.append(
    stateNotice,
    // The explanations folded behind one line: what answers, and what is kept.
    el(
      "details",
      { className: "tryit-about" },
      el("summary", { className: "note" }, `Answered by the ${service.id} emulator in this page, nothing sent to the network (`, count, "; use the emulator's values, never real ones)"),
      el(
        "p",
        { className: "note" },
        `${op.method} ${op.path}: answered by the ${service.id} emulator inside this page through MSW's service worker; nothing is sent to the network. `,
        "State lasts for this browser session across this service's operations and pages. Requests to the emulated hosts skip CORS (the worker answers them before a preflight); browsers refuse a Cookie header, so the panel carries cookies to the emulator itself.",
      ),
      el(
        "p",
        { className: "note tryit-storage" },
        "The emulator's state is kept in this tab's sessionStorage as its snapshot, and restored on the next page; what you send, credentials included, is kept there too as the history: use the emulator's own values, never real ones.",
        session.keepsSigningKey ? " The signing key kept with it is the emulator's own, made in this page to sign the emulator's tokens: it is no key of the real service." : "",
      ),
    ),
    el("p", { className: "tryit-actions" }, reset, ...authorizeAction(service, session)),
    toolsRow(service, session),
  );

  const flow = flowOf(service.id);
  const envs = environmentsOf(service, session, flow);
  panel.append(environmentLine(envs));
  // Credentials: the first documented alternative; the identity emulator's own client by default.
  // Entered once for the service: every panel's fields for a scheme show and change one value.
  const credentialInputs: Array<() => [string, unknown]> = [];
  const alternative = op.security[0] ?? [];
  if (alternative.length) {
    const box = el("fieldset", {}, el("legend", { textContent: "Credentials" }));
    for (const name of alternative) {
      const scheme = service.schemes[name];
      if (!scheme) continue;
      if (scheme.type === "http" && scheme.scheme === "basic") {
        const start = basicCredential(scheme);
        const user = el("input", { value: start.username, autocomplete: "off", className: `tryit-cred-${name}-user` });
        const pass = el("input", { value: start.password, autocomplete: "off", className: `tryit-cred-${name}-password` });
        box.append(field(`${name}: user name (client_id)`, user), field(`${name}: password (client_secret)`, pass));
        credentialInputs.push(() => [name, { username: user.value, password: pass.value }]);
        const key = KEYS.credential(name);
        const write = () => flow.set(key, { username: user.value, password: pass.value }, box);
        user.addEventListener("input", write);
        pass.addEventListener("input", write);
        flow.watch(key, (value, from) => {
          const v = value as { username?: string; password?: string };
          if (from !== box) [user.value, pass.value] = [v.username ?? "", v.password ?? ""];
        });
      } else {
        const input = el("input", { value: scheme.example ?? (scheme.in === "cookie" ? "sso-session" : "try-it-token"), autocomplete: "off", className: `tryit-cred-${name}` });
        const what = scheme.type === "apiKey" ? `${scheme.in} ${scheme.name}` : `${scheme.type} ${scheme.scheme ?? ""}`;
        box.append(field(`${name} (${what.trim()})`, input));
        credentialInputs.push(() => [name, input.value]);
        const key = KEYS.credential(name);
        input.addEventListener("input", () => flow.set(key, input.value, input));
        flow.watch(key, (value, from) => from !== input && (input.value = String(value)));
      }
    }
    panel.append(box);
  }

  // Parameters: required ones pre-filled with the document's example; optional ones offer it as a placeholder.
  const paramInputs: Array<{ param: TryitOperation["parameters"][number]; input: HTMLInputElement }> = [];
  const usable = op.parameters.filter((p) => p.in !== "cookie");
  if (usable.length) {
    const box = el("fieldset", {}, el("legend", { textContent: "Parameters" }));
    for (const param of usable) {
      const input = el("input", { value: param.required ? (param.example ?? "") : "", placeholder: param.example ? `e.g. ${param.example}` : "", className: "tryit-param", "data-name": param.name, "data-in": param.in });
      box.append(field(`${param.name} (${param.in}${param.required ? ", required" : ""})`, input));
      paramInputs.push({ param, input });
      // An item operation (`.../topics/{id}`) takes the id the collection's create returned.
      const item = itemOf(op.path);
      if (param.in === "path" && item?.param === param.name) flow.watch(KEYS.created(item.collection), (id) => (input.value = String(id)));
    }
    panel.append(box);
  }

  // Body: media type, documented example, editable text.
  let mediaSelect: HTMLSelectElement | undefined;
  let bodyText: HTMLTextAreaElement | undefined;
  if (op.body?.media.length) {
    const box = el("fieldset", {}, el("legend", { textContent: `Body${op.body.required ? " (required)" : ""}` }));
    mediaSelect = el("select", { className: "tryit-media" });
    for (const m of op.body.media) mediaSelect.append(el("option", { value: m.type, textContent: m.type }));
    const exampleSelect = el("select", { className: "tryit-example" });
    bodyText = el("textarea", { className: "tryit-body", spellcheck: false });
    const fillExamples = () => {
      const media = op.body!.media.find((m) => m.type === mediaSelect!.value)!;
      exampleSelect.replaceChildren(...media.examples.map((e, i) => el("option", { value: String(i), textContent: e.name })));
      bodyText!.value = media.examples[0]?.text ?? "";
    };
    mediaSelect.addEventListener("change", fillExamples);
    exampleSelect.addEventListener("change", () => {
      const media = op.body!.media.find((m) => m.type === mediaSelect!.value)!;
      bodyText!.value = media.examples[Number(exampleSelect.value)]?.text ?? "";
    });
    fillExamples();
    // A body field named `token` (introspection, revocation) takes the last token a call returned.
    flow.watch(KEYS.token, (token) => {
      try {
        const fields = JSON.parse(bodyText!.value) as Record<string, unknown>;
        if (fields && typeof fields === "object" && "token" in fields) bodyText!.value = JSON.stringify({ ...fields, token }, null, 2);
      } catch {
        // Not JSON (being edited): left as the user has it.
      }
    });
    box.append(field("Media type", mediaSelect), field("Documented example", exampleSelect), field("Body (JSON; form bodies as a JSON object of fields)", bodyText));
    panel.append(box);
  }

  const caseSelect = el("select", { className: "tryit-case" });
  caseSelect.append(el("option", { value: "", textContent: "Emulated answer (stateful)" }));
  for (const c of op.cases) {
    if (!/^\d{3}$/.test(c.status)) continue;
    if (c.examples.length === 0) caseSelect.append(el("option", { value: `code=${c.status}`, textContent: `Documented ${c.status}` }));
    for (const name of c.examples) caseSelect.append(el("option", { value: `code=${c.status}, example=${name}`, textContent: `Documented ${c.status}: ${name}` }));
  }
  panel.append(field("Response", caseSelect));

  const send = el("button", { type: "button", className: "tryit-send", textContent: "Send" });
  const result = el("div", { className: "tryit-result", "aria-live": "polite" });
  panel.append(send, result);
  const beside = el("section", { className: "tryit tryit-beside", id: `${host.id}-answer`, "aria-label": `Answer to ${op.operationId}` });
  const wide = matchMedia(WIDE);
  const place = () => {
    const right = rightColumnOf(host);
    if (wide.matches && right) {
      beside.append(result);
      if (beside.parentElement !== right) right.prepend(beside);
    } else if (result.parentElement !== panel) {
      panel.append(result);
      beside.remove();
    }
  };
  wide.addEventListener("change", place);
  queueMicrotask(place);
  /**
   * In the right column, level with where the reader is: a panel taller than the window is sent
   * from its bottom, and the column's top is then out of view (Redoc's content clips overflow, so
   * no sticky position works). Moved down at most to the panel's end.
   */
  const alignBeside = () => {
    if (!beside.isConnected) return;
    beside.style.marginTop = "0px";
    const top = beside.getBoundingClientRect().top;
    const header = document.querySelector("nav.site-nav")?.getBoundingClientRect().bottom ?? 0;
    const room = panel.getBoundingClientRect().bottom - top - Math.min(beside.offsetHeight, innerHeight / 2);
    beside.style.marginTop = `${Math.max(0, Math.min(header + 8 - top, room))}px`;
  };

  reset.addEventListener("click", async () => {
    await session.reset();
    count.textContent = kept(0);
    showNotice();
    result.replaceChildren(el("p", { className: "note", textContent: "State reset: the emulator starts again from the documents' examples." }));
  });

  const run = async (validate: boolean) => {
    const started = performance.now();
    send.disabled = true;
    result.replaceChildren(el("p", { className: "note", textContent: "Sending…" }));
    try {
      const params: Record<string, Record<string, unknown>> = {};
      for (const { param, input } of paramInputs) {
        if (input.value === "") continue;
        (params[param.in] ??= {})[param.name] = typed(param.type, input.value);
      }
      const headers: Record<string, string> = {};
      let body: unknown;
      if (mediaSelect && bodyText && bodyText.value.trim() !== "") {
        const type = mediaSelect.value;
        headers["content-type"] = type;
        if (/json/i.test(type) || type === "application/x-www-form-urlencoded") {
          try {
            body = JSON.parse(bodyText.value);
          } catch (error) {
            result.replaceChildren(el("p", { className: "violations", textContent: `Not sent: the body is not JSON (${(error as Error).message}).` }));
            return;
          }
        } else body = bodyText.value;
      }
      if (caseSelect.value) headers[CASE_HEADER] = caseSelect.value;
      // Browsers drop a Cookie header silently (a Request's headers refuse it): cookies travel to the
      // worker's handler under another name, set here because the client builds Requests.
      const cookies = Object.entries(params.cookie ?? {}).map(([name, value]) => `${name}=${String(value)}`);
      delete params.cookie;
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase() === "cookie") {
          cookies.push(headers[name]!);
          delete headers[name];
        }
      }
      const target = envs.active.baseUrl ?? "";
      if (cookies.length > 0 && !target) headers[COOKIE_CARRIER] = cookies.join("; ");
      const recorder = target ? recordingFetch() : undefined;
      const client = await clientOf(service, Object.fromEntries(credentialInputs.map((read) => read())), validate, target ? { baseUrl: target, fetch: recorder!.fetch } : {});
      const before = session.last();
      let seen: Response | undefined;
      let failure: unknown;
      try {
        ({ response: seen } = await client.request(op.method, op.path, { params, headers, body, parseAs: "text", redirect: "manual" }));
      } catch (error) {
        failure = error;
      }
      const exchange = recorder ? await recorder.exchange() : session.last();
      if (!recorder && exchange && exchange !== before) {
        // What the panel gave the client, for Copy as test; cookies as the parameters they were (the page carried them under another header).
        const cookieParams = Object.fromEntries(cookies.flatMap((c) => c.split(/;\s*/)).map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)]));
        session.describe(exchange, {
          operationId: op.operationId,
          method: op.method,
          path: op.path,
          params: structuredClone(cookies.length ? { ...params, cookie: cookieParams } : params),
          headers: Object.fromEntries(Object.entries(headers).filter(([k]) => k !== COOKIE_CARRIER)),
          ...(body !== undefined ? { body: structuredClone(body) } : {}),
          credentials: Object.fromEntries(credentialInputs.map((read) => read())),
          parseAs: op.parseAs,
          validate,
          ...createdOf(op, exchange),
        });
      }
      const sections: HTMLElement[] = [];
      if (failure instanceof InputError) {
        sections.push(
          el("h4", { textContent: "Document violation in the request (not sent)" }),
          el("p", { className: "violations tryit-input-error", textContent: `${failure.message} (field ${failure.field}, rule ${failure.rule})` }),
        );
        const anyway = el("button", { type: "button", className: "secondary tryit-send-anyway", textContent: "Send without the client's check" });
        anyway.addEventListener("click", () => void run(false));
        sections.push(anyway);
      } else if (failure && target && failure instanceof ConnectionError) {
        sections.push(el("p", { className: "violations tryit-network-error", textContent: `No answer from ${target}: the server is not reachable, or it does not allow this page's origin (${location.origin}) by CORS.` }));
      } else if (failure) {
        sections.push(el("p", { className: "violations", textContent: `The client failed: ${(failure as Error).message}` }));
      }
      if (exchange && exchange !== before) {
        const reply = exchange.reply;
        const contentType = Object.entries(reply.headers).find(([k]) => k.toLowerCase() === "content-type")?.[1];
        const location = Object.entries(reply.headers).find(([k]) => k.toLowerCase() === "location")?.[1];
        sections.push(
          el("h4", { textContent: "Request as sent" }),
          highlightInto(el("pre", { className: "tryit-request" }), shownRequest(exchange.request), "http"),
          el("h4", { textContent: "Answer" }),
          el("p", { className: "tryit-status", textContent: `Status ${reply.status}` }),
          highlightInto(el("pre", { className: "tryit-headers" }), Object.entries(reply.headers).map(([k, v]) => `${k}: ${v}`).join("\n") || "(no headers)", "http"),
          highlightInto(el("pre", { className: "tryit-response-body" }), pretty(reply.body, contentType), contentType && /json/i.test(contentType) ? "json" : "http"),
        );
        if (reply.body) sections.push(copyButton(pretty(reply.body, contentType)));
        publish(service, op, reply.status, reply.body);
        if (reply.status >= 300 && reply.status < 400) {
          sections.push(
            el("p", {
              className: "note tryit-redirect",
              textContent: `A ${reply.status} redirect to ${location ?? "(no Location)"}, shown as the emulator gave it: the page's fetch (redirect: "manual") sees only an opaque redirect${seen ? ` (status ${seen.status}, type ${seen.type})` : ""}, and the panel follows no redirect.`,
            }),
          );
        }
        if (exchange.violations.length) {
          sections.push(
            el("h4", { textContent: "Document violations in the answer" }),
            el("ul", { className: "violations tryit-violations" }, ...exchange.violations.flatMap((v) => v.problems.map((p) => el("li", { textContent: `${v.operation} ${v.status}: ${p}` })))),
          );
        }
      } else if (!failure) sections.push(el("p", { className: "violations", textContent: "No answer from the emulator." }));
      count.textContent = kept(session.logged());
      showNotice();
      result.replaceChildren(...sections);
      alignBeside();
      result.dataset.ms = (performance.now() - started).toFixed(1);
    } finally {
      send.disabled = false;
    }
  };
  send.addEventListener("click", () => void run(true));
  return panel;
}
