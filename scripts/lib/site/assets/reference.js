// Starts Redoc on a reference page. A file, not an inline script: the pages' script policy
// allows scripts from the site only. The document and Redoc's options are JSON elements of the page.
(function () {
  "use strict";
  var read = function (id) { return JSON.parse(document.getElementById(id).textContent); };
  window.Redoc.init(read("spec"), read("redoc-options"), document.getElementById("redoc"));
})();
