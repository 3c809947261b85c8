// Starts Redoc on a reference page. A file, not an inline script: the pages' script policy
// allows scripts from the site only. The document and Redoc's options are JSON elements of the page.
(function () {
  "use strict";
  var read = function (id) { return JSON.parse(document.getElementById(id).textContent); };
  window.Redoc.init(read("spec"), read("redoc-options"), document.getElementById("redoc"));
  // On a phone the header is one line that scrolls sideways: this page's entry is brought into it.
  var nav = document.querySelector(".site-nav ul");
  var current = nav && nav.querySelector('[aria-current="page"]');
  if (current && nav.scrollWidth > nav.clientWidth) nav.scrollLeft = current.parentElement.offsetLeft - (nav.clientWidth - current.parentElement.offsetWidth) / 2;
})();
