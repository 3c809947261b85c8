// Cross-service operation search on the landing page. The index (window.SEARCH_INDEX) is built
// at build time by scripts/lib/site/search-index.ts; this file only scores and lists entries.
(function () {
  "use strict";
  var index = window.SEARCH_INDEX || [];
  var input = document.getElementById("search");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  if (!input || !list) return;

  // Best score of one term against one entry, with the reason shown to the reader.
  function scoreTerm(entry, term) {
    var best = { score: 0, why: "" };
    function consider(score, why) { if (score > best.score) best = { score: score, why: why }; }
    var id = entry.operationId.toLowerCase();
    if (id === term) consider(100, "operation");
    else if (id.indexOf(term) === 0) consider(70, "operation");
    else if (id.indexOf(term) >= 0) consider(50, "operation");
    entry.parameters.forEach(function (p) {
      var name = p.toLowerCase();
      if (name === term) consider(60, "parameter " + p);
      else if (name.indexOf(term) >= 0) consider(25, "parameter " + p);
    });
    entry.fields.forEach(function (f) {
      var name = f.toLowerCase();
      if (name === term) consider(55, "field " + f);
      else if (name.indexOf(term) >= 0) consider(20, "field " + f);
    });
    if (entry.summary.toLowerCase().indexOf(term) >= 0) consider(30, "summary");
    if (entry.path.toLowerCase().indexOf(term) >= 0) consider(30, "path");
    if (entry.method.toLowerCase() === term) consider(10, "method");
    if ((entry.service + " " + entry.title).toLowerCase().indexOf(term) >= 0) consider(10, "service");
    return best;
  }

  function search(query) {
    var terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (terms.length === 0) return [];
    var hits = [];
    index.forEach(function (entry, order) {
      var total = 0;
      var reasons = [];
      for (var i = 0; i < terms.length; i++) {
        var s = scoreTerm(entry, terms[i]);
        if (s.score === 0) return;
        total += s.score;
        if (reasons.indexOf(s.why) < 0) reasons.push(s.why);
      }
      hits.push({ entry: entry, score: total - (entry.deprecated ? 5 : 0), order: order, why: reasons.join(", ") });
    });
    hits.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    return hits.slice(0, 25);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function render() {
    var hits = search(input.value);
    list.textContent = "";
    hits.forEach(function (hit) {
      var e = hit.entry;
      var li = el("li", "hit");
      li.setAttribute("data-service", e.service);
      li.setAttribute("data-operation", e.operationId);
      var a = el("a");
      a.href = e.href;
      var head = el("span", "hit-head");
      head.appendChild(el("strong", "", e.operationId));
      head.appendChild(el("span", "method " + e.method.toLowerCase(), e.method));
      head.appendChild(el("code", "", e.path));
      a.appendChild(head);
      a.appendChild(el("span", "hit-meta", e.title + (e.summary ? " · " + e.summary : "") + " · matched " + hit.why));
      li.appendChild(a);
      list.appendChild(li);
    });
    status.textContent = input.value.trim() === "" ? "" : hits.length === 0 ? "No operation matches." : hits.length + (hits.length === 25 ? "+" : "") + " operation(s)";
  }

  input.addEventListener("input", render);
  input.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    var first = list.querySelector("a");
    if (first) window.location.href = first.href;
  });
  if (input.value) render();
})();
