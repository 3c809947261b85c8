/**
 * The console's tools, loaded when one is first used (the panel's chunk stays as it was): the
 * history of what was sent, Export and Import of the state as a file (the JSON of
 * `GET /__emulator/state`, which the CLI's `--state-file` reads and writes), and Copy as test.
 */
import { CloudInterfacesError } from "../core/base-error.js";
import { copyAsTest, sessionEntries } from "./copy-as-test.js";
import type { TryitService } from "./descriptor.js";
import type { Session } from "./session.js";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k.startsWith("data-") || k.startsWith("aria-")) node.setAttribute(k, String(v));
    else (node as any)[k] = v;
  }
  node.append(...children);
  return node;
}

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

/** What was sent, newest first. */
export function showHistory(session: Session, out: HTMLElement): void {
  const { entries } = session.history();
  if (entries.length === 0) {
    out.replaceChildren(el("p", { className: "note tryit-history-empty", textContent: "Nothing sent yet." }));
    return;
  }
  const list = el("ol", { className: "tryit-history", reversed: true });
  for (const e of [...entries].reverse()) {
    const path = new URL(e.url).pathname + new URL(e.url).search;
    list.append(el("li", { className: "tryit-history-entry" }, `${new Date(e.at).toLocaleTimeString()} ${e.method} ${path} → ${e.status}${e.call ? ` (${e.call.operationId})` : ""}`));
  }
  out.replaceChildren(el("p", { className: "note", textContent: `${entries.length} request${entries.length === 1 ? "" : "s"}, newest first (the newest ${1000} are kept; the state is kept apart).` }), list);
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
