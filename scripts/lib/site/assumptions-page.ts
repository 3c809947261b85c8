import { collectAssumptions } from "../assumptions.js";
import type { OpenApiDocument } from "../bundle.js";
import type { Service } from "../services.js";
import { assumptionIds } from "./anchors.js";
import { readableNames, readablePointer } from "./extensions.js";
import { breakable, displayTitle, html, navOf, page, policyMeta, siteHeader } from "./html.js";

/**
 * A table on wide screens; on narrow ones each row becomes a stacked card, so the long
 * "what was chosen and why" text is never cut off and nothing scrolls sideways.
 */
const STYLE = `
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { text-align: left; border-bottom: 1px solid #d0d7de; padding: .5rem; vertical-align: top; overflow-wrap: break-word; }
col.operation { width: 13rem; } col.where { width: 17rem; }
tr:target { background: #fff8c5; }
h2 .count { font-size: .9rem; font-weight: 400; color: #57606a; margin-left: .5rem; }
nav.toc { display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
@media (max-width: 760px) {
  table, thead, tbody, tr, th, td { display: block; width: auto; }
  colgroup, thead { display: none; }
  tr { border: 1px solid #d0d7de; border-radius: 6px; margin-bottom: .75rem; padding: .25rem .5rem; }
  td { border: 0; padding: .25rem 0; }
  td::before { content: attr(data-label); display: block; font-size: .75rem; font-weight: 600; color: #57606a; text-transform: uppercase; }
}
`;

export function assumptionsPage(entries: readonly { service: Service; doc: OpenApiDocument }[]): string {
  const sections = entries
    .map(({ service, doc }) => {
      const items = collectAssumptions(doc);
      const ids = assumptionIds(service.id, items);
      const rows = items
        .map(
          (a, i) =>
            `<tr class="assumption" id="${html(ids[i]!)}"><td data-label="Operation">${breakable(a.operation ?? "(document)")}</td><td data-label="Where"><code>${breakable(readablePointer(a.pointer))}</code></td><td data-label="What was chosen and why">${html(readableNames(a.note))}</td></tr>`,
        )
        .join("\n");
      return `<section id="${service.id}" data-count="${items.length}">
<h2><a href="${service.id}.html">${html(displayTitle(doc.info, service.id))}</a> <span class="count">${items.length} assumption${items.length === 1 ? "" : "s"}</span></h2>
<table><colgroup><col class="operation"><col class="where"><col></colgroup>
<thead><tr><th>Operation</th><th>Where</th><th>What was chosen and why</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</section>`;
    })
    .join("\n");
  const toc = entries.map(({ service }) => `<a href="#${service.id}">${html(service.id)}</a>`).join("");
  return page(
    "Assumptions",
    `<main>
<h1>Assumptions</h1>
<p>Details the interface documents mark "not shown", and what these OpenAPI documents chose instead, with the reason.</p>
<nav class="toc">${toc}</nav>
${sections}
</main>`,
    `<style>${STYLE}</style>\n${policyMeta()}`,
    "site",
    {},
    siteHeader(navOf(entries), "assumptions"),
  );
}
