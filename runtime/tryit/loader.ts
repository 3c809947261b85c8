/**
 * The only try-it code a reference page loads up front: a "Try it" button on every operation.
 * The panel, MSW, the emulator and the client load when a button is first pressed.
 */
const serviceId = document.documentElement.dataset.service;
const OPERATION = /(?:^|\/)operation\/([^/]+)$/;

function addButtons(): void {
  for (const section of document.querySelectorAll<HTMLElement>("[data-section-id]")) {
    const match = OPERATION.exec(section.dataset.sectionId ?? "");
    if (!match || section.parentElement?.closest("[data-section-id]") || section.querySelector(".tryit-open")) continue;
    const heading = section.querySelector("h2");
    if (!heading) continue;
    const operationId = decodeURIComponent(match[1]!);
    const host = document.createElement("div");
    host.className = "tryit-host";
    host.id = `tryit-${operationId}`;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tryit-open";
    button.textContent = "Try it";
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", host.id);
    button.setAttribute("aria-label", `Try ${operationId} against the emulator in this page`);
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(open));
      host.hidden = !open;
      if (open && !host.dataset.loaded) {
        host.dataset.loaded = "1";
        void import("./panel.js").then((panel) => panel.openPanel(host, serviceId!, operationId));
      }
    });
    heading.after(button, host);
  }
}

if (serviceId) {
  const root = document.getElementById("redoc") ?? document.body;
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      addButtons();
    });
  }).observe(root, { childList: true, subtree: true });
  addButtons();
}
