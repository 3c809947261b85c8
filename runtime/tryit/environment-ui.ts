/**
 * The environments in the page (./environments.ts): one selector in the site's header, put there
 * when the first panel opens (the first load carries none of it), which every panel of the
 * service follows; a line in each panel saying where its requests go, with the editor (base URL,
 * a new server, removal) behind one button. Switching puts the environment's own credentials and
 * bound values into the panels (the document's example credentials where it has none yet).
 */
import type { TryitService } from "./descriptor.js";
import { Environments, type Environment } from "./environments.js";
import { basicCredential, KEYS, type Flow } from "./flow.js";
import type { Session } from "./session.js";
import { el } from "./dom.js";


/** The credential a scheme starts with in any environment: the document's example, never a value typed elsewhere. */
export function exampleCredential(scheme: TryitService["schemes"][string]): unknown {
  if (scheme.type === "http" && scheme.scheme === "basic") return basicCredential(scheme);
  return scheme.example ?? (scheme.in === "cookie" ? "sso-session" : "try-it-token");
}

/** Marks the writes the environments make, so they are not kept back into the environment they came from. */
const FROM_ENVIRONMENT = { environment: true };
const pages = new Map<string, Environments>();

export const where = (env: Environment) => (env.baseUrl === undefined ? "answered in this page, nothing sent to the network" : `sent to ${new URL(env.baseUrl).origin}`);

/** The service's environments on this page, wired to its panels' shared values and to the header's selector (made once). */
export function environmentsOf(service: TryitService, session: Session, flow: Flow): Environments {
  let envs = pages.get(service.id);
  if (envs) return envs;
  pages.set(service.id, (envs = new Environments(service.id)));
  const kept = envs;
  flow.observe((key, value, from) => from !== FROM_ENVIRONMENT && kept.keep(key, value));
  let shown: string | undefined;
  kept.watch((active) => {
    if (active.baseUrl !== undefined) session.allowOrigin(new URL(active.baseUrl).origin);
    // Another environment, or the same one moved to another origin (its credentials were dropped with the old one).
    const key = `${active.id} ${active.baseUrl === undefined ? "" : new URL(active.baseUrl).origin}`;
    if (shown === key) return;
    shown = key;
    for (const [name, scheme] of Object.entries(service.schemes)) flow.set(KEYS.credential(name), active.credentials[name] ?? exampleCredential(scheme), FROM_ENVIRONMENT);
    for (const [key, value] of Object.entries(active.bound)) flow.set(key, value, FROM_ENVIRONMENT);
  });
  headerSelector(kept);
  return kept;
}

/** One selector for the page, in the site's header (or above the first panel on a page without one). */
function headerSelector(envs: Environments): void {
  const select = el("select", { id: "tryit-env", className: "tryit-env" });
  const item = el("li", { className: "tryit-env-item" }, el("label", { for: "tryit-env", textContent: "Environment " }), select);
  select.addEventListener("change", () => envs.switchTo(select.value));
  envs.watch((active, list) => {
    select.replaceChildren(...list.map((e) => el("option", { value: e.id, textContent: e.name })));
    select.value = active.id;
  });
  const nav = document.querySelector("nav.site-nav ul");
  if (nav) nav.append(item);
  else document.body.prepend(el("ul", { className: "tryit-env-bar" }, item));
}

/** A panel's line: the active environment and where requests go, with the editor behind one button. */
export function environmentLine(envs: Environments): HTMLElement {
  const name = el("strong", { className: "tryit-env-name" });
  const place = el("span", { className: "tryit-env-where" });
  const edit = el("button", { type: "button", className: "secondary tryit-env-edit", textContent: "Environments…", "aria-expanded": "false" });
  const editor = el("div", { className: "tryit-env-editor", hidden: true });
  const notice = el("p", { className: "note tryit-env-notice", role: "status" });
  const leaves = el("p", { className: "note tryit-env-leaves" });
  const status = el("p", { className: "note tryit-env-status", role: "status" });
  // Base URL of the active server environment.
  const url = el("input", { type: "url", className: "tryit-env-url", autocomplete: "off", spellcheck: false });
  url.id = `tryit-env-url-${Math.random().toString(36).slice(2)}`;
  const urlRow = el("div", {}, el("label", { for: url.id, textContent: "Base URL (origin and base path)" }), url);
  const remove = el("button", { type: "button", className: "secondary tryit-env-remove", textContent: "Remove this environment" });
  // A new server environment.
  const newName = el("input", { className: "tryit-env-new-name", autocomplete: "off", placeholder: "My server" });
  newName.id = `${url.id}-name`;
  const newUrl = el("input", { type: "url", className: "tryit-env-new-url", autocomplete: "off", spellcheck: false, placeholder: "https://api.example.com" });
  newUrl.id = `${url.id}-new`;
  const add = el("button", { type: "button", className: "secondary tryit-env-add", textContent: "Add and use" });
  editor.append(
    urlRow,
    remove,
    el("div", {}, el("label", { for: newName.id, textContent: "New environment: name" }), newName),
    el("div", {}, el("label", { for: newUrl.id, textContent: "New environment: base URL" }), newUrl),
    add,
    status,
  );
  edit.addEventListener("click", () => {
    editor.hidden = !editor.hidden;
    edit.setAttribute("aria-expanded", String(!editor.hidden));
  });
  url.addEventListener("change", () => {
    const problem = envs.setBaseUrl(url.value);
    status.textContent = problem ? `Not changed: ${problem}.` : "Base URL changed.";
  });
  remove.addEventListener("click", () => envs.remove());
  add.addEventListener("click", () => {
    const problem = envs.add(newName.value, newUrl.value);
    status.textContent = problem ? `Not added: ${problem}.` : "Added; it is now the active environment.";
    if (!problem) newName.value = newUrl.value = "";
  });
  if (envs.notice) notice.textContent = envs.notice;
  notice.hidden = !envs.notice;
  const line = el("p", { className: "tryit-env-line" }, "Environment: ", name, " · ", place, " ", edit);
  const box = el("div", { className: "tryit-env-box" }, line, leaves, notice, editor);
  envs.watch((active) => {
    name.textContent = active.name;
    place.textContent = where(active);
    box.dataset.env = active.id;
    const remote = active.baseUrl !== undefined;
    urlRow.hidden = !remote;
    if (remote && document.activeElement !== url) url.value = active.baseUrl!;
    remove.hidden = !remote || active.id === "mock";
    leaves.hidden = !remote;
    leaves.textContent = remote
      ? `Requests now leave this page: they go to ${active.baseUrl}, with this environment's credentials (kept in this browser's localStorage). The server must allow this page's origin (CORS), as a local cloud-interfaces mock does. The documented-case choice, Reset state and the history concern the in-page emulator only.`
      : "";
  });
  return box;
}
