/**
 * The console's tools, loaded when one is first used (the panel's chunk stays as it was): the
 * history of what was sent, Export and Import of the state as a file (the JSON of
 * `GET /__emulator/state`, which the CLI's `--state-file` reads and writes), and Copy as test.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { copyAsTest, sessionEntries } from "./copy-as-test.js";
import type { TryitService } from "./descriptor.js";
import { highlightInto } from "./highlight.js";
import type { Sent } from "./saved.js";
import { COOKIE_CARRIER, type Session } from "./session.js";
import { el } from "./dom.js";


function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves the page's state as `<id>.state.json`. */
export function exportState(session: Session, out: HTMLElement): void {
  download(`${session.serviceId}.state.json`, session.exportState());
  out.replaceChildren(el("p", { className: "note tryit-tool-status", textContent: `State saved as ${session.serviceId}.state.json: load it with Import state, or in a local emulator (mock ${session.serviceId} --stateful --state-file ${session.serviceId}.state.json).` }));
}

/** Loads a state file chosen in `input`; the emulator refuses a malformed one whole and keeps its state. */
export async function importState(session: Session, input: HTMLInputElement, out: HTMLElement): Promise<void> {
  const file = input.files?.[0];
  input.value = "";
  if (!file) return;
  try {
    // Bounded before reading: the state a tab keeps at most, twice over for the file's indentation.
    if (file.size > 4_000_000) throw new CloudInterfacesError(`the file is ${file.size.toLocaleString("en")} bytes, more than the 4,000,000 the console reads`);
    await session.importState(await file.text());
    out.replaceChildren(el("p", { className: "note tryit-tool-status", textContent: `State loaded from ${file.name}: the emulator answers from it.` }));
  } catch (error) {
    out.replaceChildren(el("p", { className: "violations tryit-tool-status", textContent: `Not loaded, the state is as it was: ${(error as Error).message}` }));
  }
}

/** A POSIX shell word (as the site's curl samples quote them). */
const shellWord = (text: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/** A request of the history as a curl command, headers and body as the emulator received them. */
export function curlOf(entry: Pick<Sent, "method" | "url" | "headers" | "body">): string {
  const words = ["curl", ...(entry.method === "HEAD" ? ["--head"] : entry.method === "GET" ? [] : ["-X", entry.method]), shellWord(entry.url)];
  const lines = [words.join(" ")];
  for (const [name, value] of entry.headers) lines.push(`-H ${shellWord(`${name}: ${value}`)}`);
  if (entry.body) lines.push(`--data-raw ${shellWord(entry.body)}`);
  return lines.join(" \\\n  ");
}

function copy(button: HTMLButtonElement, text: string): void {
  navigator.clipboard?.writeText(text).then(
    () => (button.textContent = "Copied"),
    () => (button.textContent = "Copy refused by the browser: select the text"),
  );
}

/** Sends a request of the history again, as it was: the worker hands it to the emulator, which records it as a new entry. */
async function resend(entry: Sent): Promise<number> {
  const headers = new Headers();
  for (const [name, value] of entry.headers) {
    if (name === "cookie") headers.set(COOKIE_CARRIER, value);
    else if (!/^(host|content-length|connection)$/i.test(name)) headers.append(name, value);
  }
  const response = await fetch(entry.url, { method: entry.method, headers, ...(entry.body && entry.method !== "GET" && entry.method !== "HEAD" ? { body: entry.body } : {}), redirect: "manual" });
  return response.status;
}

/** What was sent to the emulator of this service, newest first, each with Re-send and Copy as curl. */
export function showHistory(session: Session, out: HTMLElement): void {
  const { entries } = session.history();
  if (entries.length === 0) {
    out.replaceChildren(el("p", { className: "note tryit-history-empty", textContent: "Nothing sent yet." }));
    return;
  }
  const list = el("ol", { className: "tryit-history", reversed: true });
  const shown = el("div", { className: "tryit-history-shown" });
  for (const e of [...entries].reverse()) {
    const path = new URL(e.url).pathname + new URL(e.url).search;
    const again = el("button", { type: "button", className: "secondary tryit-history-resend", textContent: "Re-send" });
    again.addEventListener("click", async () => {
      again.disabled = true;
      try {
        const status = await resend(e);
        showHistory(session, out);
        out.querySelector(".tryit-history-shown")?.replaceChildren(el("p", { className: "note tryit-history-status", textContent: `Re-sent ${e.method} ${path}: status ${status} (the newest entry).` }));
      } catch (error) {
        shown.replaceChildren(el("p", { className: "violations tryit-history-status", textContent: `Not re-sent: ${(error as Error).message}` }));
        again.disabled = false;
      }
    });
    const curl = el("button", { type: "button", className: "secondary tryit-history-curl", textContent: "Copy as curl" });
    curl.addEventListener("click", () => {
      const text = curlOf(e);
      shown.replaceChildren(highlightInto(el("pre", { className: "tryit-curl" }), text, "bash"));
      copy(curl, text);
    });
    list.append(el("li", { className: "tryit-history-entry" }, `${new Date(e.at).toLocaleTimeString()} ${e.method} ${path} → ${e.status}${e.call ? ` (${e.call.operationId})` : ""} `, again, curl));
  }
  out.replaceChildren(el("p", { className: "note", textContent: `${entries.length} request${entries.length === 1 ? "" : "s"} to this service's emulator, newest first (the newest ${1000} are kept; the state is kept apart):` }), shown, list);
}

/** The session as a Vitest file, shown with Copy and Download. */
export function showTest(service: TryitService, session: Session, out: HTMLElement): void {
  const history = session.history();
  const text = copyAsTest({ serviceId: service.id, factory: service.factory, history, ...(session.signingKey ? { signingKey: session.signingKey } : {}), date: new Date().toISOString() });
  const copy = el("button", { type: "button", className: "secondary tryit-test-copy", textContent: "Copy" });
  copy.addEventListener("click", () => {
    navigator.clipboard?.writeText(text).then(
      () => (copy.textContent = "Copied"),
      () => (copy.textContent = "Copy refused by the browser: select the text below"),
    );
  });
  const save = el("button", { type: "button", className: "secondary tryit-test-download", textContent: "Download" });
  save.addEventListener("click", () => download(`${service.id}.tryit.test.ts`, text));
  const n = sessionEntries(history).length;
  out.replaceChildren(
    el("p", { className: "note", textContent: `${n} request${n === 1 ? "" : "s"} since the state was last reset or imported, as a Vitest file (typed client, mswEmulator, the same state and seed):` }),
    copy,
    save,
    el("pre", { className: "tryit-test-file", textContent: text }),
  );
}
