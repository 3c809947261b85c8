// Starts Redoc on a reference page. A file, not an inline script: the pages' script policy
// allows scripts from the site only. The document and Redoc's options are JSON elements of the page.
(function () {
  "use strict";
  var read = function (id) { return JSON.parse(document.getElementById(id).textContent); };
  // Dark mode follows the system (prefers-color-scheme): Redoc's own theme in dark colours, set again when the system's changes.
  var DARK = {
    colors: { text: { primary: "#e6edf3", secondary: "#9ea7b3" }, primary: { main: "#79c0ff" }, border: { dark: "#30363d", light: "#21262d" } },
    schema: { nestedBackground: "#161b22", linesColor: "#484f58", typeNameColor: "#9ea7b3", typeTitleColor: "#9ea7b3", requireLabelColor: "#ff7b72" },
    sidebar: { backgroundColor: "#161b22", textColor: "#e6edf3", activeTextColor: "#79c0ff" },
    rightPanel: { backgroundColor: "#010409", textColor: "#e6edf3" },
    codeBlock: { backgroundColor: "#0d1117" },
    typography: { code: { color: "#ffa657", backgroundColor: "#161b22" }, links: { color: "#79c0ff", visited: "#79c0ff", hover: "#a5d6ff" } },
  };
  var dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  var start = function () {
    var options = read("redoc-options");
    if (dark && dark.matches) options.theme = DARK;
    window.Redoc.init(read("spec"), options, document.getElementById("redoc"));
  };
  start();
  if (dark && dark.addEventListener) dark.addEventListener("change", start);
  // On a phone the header is one line that scrolls sideways: this page's entry is brought into it.
  var nav = document.querySelector(".site-nav ul");
  var current = nav && nav.querySelector('[aria-current="page"]');
  if (current && nav.scrollWidth > nav.clientWidth) nav.scrollLeft = current.parentElement.offsetLeft - (nav.clientWidth - current.parentElement.offsetWidth) / 2;
})();
