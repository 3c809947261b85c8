/** The console's one element builder: properties set as properties, `data-*`, `aria-*` and `for` as attributes. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k.startsWith("data-") || k.startsWith("aria-") || k === "for") node.setAttribute(k, String(v));
    else (node as any)[k] = v;
  }
  node.append(...children);
  return node;
}
