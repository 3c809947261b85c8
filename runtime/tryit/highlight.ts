/**
 * Highlighting of what the console shows (the request as sent, the answer's headers and body,
 * curl commands), by the Prism that the reference page already carries (Redoc's standalone
 * bundle sets `window.Prism` with its http, bash and javascript grammars): the console adds no
 * highlighter of its own, only Prism's JSON grammar, which Redoc's bundle lacks. Without Prism
 * (another renderer) the text is shown plain. Prism escapes the text it tokenizes.
 */
interface PrismLike {
  languages: Record<string, object | undefined>;
  highlight(text: string, grammar: object, language: string): string;
}

const prism = (): PrismLike | undefined => (globalThis as { Prism?: PrismLike }).Prism;

/** Prism's own prism-json.js grammar (prismjs 1.29), for a Prism loaded without it. */
function jsonGrammar(): object {
  return {
    property: { pattern: /(^|[^\\])"(?:\\.|[^\\"\r\n])*"(?=\s*:)/, lookbehind: true, greedy: true },
    string: { pattern: /(^|[^\\])"(?:\\.|[^\\"\r\n])*"(?!\s*:)/, lookbehind: true, greedy: true },
    number: /-?\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b/i,
    punctuation: /[{}[\],]/,
    operator: /:/,
    boolean: /\b(?:false|true)\b/,
    null: { pattern: /\bnull\b/, alias: "keyword" },
  };
}

export type Language = "http" | "json" | "bash";

/** Fills `pre` with `text`, highlighted as `language` when the page's Prism has it. */
export function highlightInto(pre: HTMLElement, text: string, language: Language): HTMLElement {
  const p = prism();
  if (p && language === "json" && !p.languages.json) p.languages.json = jsonGrammar();
  const grammar = p?.languages[language];
  if (!p || !grammar) {
    pre.textContent = text;
    return pre;
  }
  pre.classList.add(`language-${language}`);
  pre.innerHTML = p.highlight(text, grammar, language);
  return pre;
}

const TOKENS: Array<[string, string, string]> = [
  ["property,header-name,function", "#0550ae", "#79c0ff"],
  ["string,attr-value,header-value", "#0a3069", "#a5d6ff"],
  ["number,boolean,keyword", "#8250df", "#d2a8ff"],
  ["method,request-line,response-status", "#953800", "#ffa657"],
  ["punctuation,operator", "#57606a", "#8b949e"],
];
const rules = (scope: string, dark: boolean) => TOKENS.map(([names, light, night]) => `${names.split(",").map((n) => `${scope} pre .token.${n}`).join(",")}{color:${dark ? night : light}}`).join("\n");

/** Token colours for the console's blocks: light, dark when the system is (prefers-color-scheme), and dark in the dark right column. */
export const TOKEN_STYLE = `
${rules(".tryit", false)}
@media (prefers-color-scheme:dark){
${rules(".tryit", true)}
}
${rules(".tryit.tryit-beside", true)}
`;
