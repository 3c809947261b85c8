/**
 * README.md, the users' guide that ships in the package (the contributor guide is
 * CONTRIBUTING.md, which does not), as a test reads it: the `npm install` lines of its sh blocks, in order, and its program blocks. A
 * program block's first line names its file and how to run it:
 * `// call-kms.ts · run: npx tsx call-kms.ts` (optionally `· needs Node 22.12+`), and each
 * `// prints: <text>` line is output the run must print.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../scripts/lib/paths.js";

export interface ProgramBlock {
  file: string;
  run: string[];
  /** Minimum Node version, e.g. "22.12.0", when the block says so. */
  needsNode?: string;
  source: string;
  prints: string[];
  line: number;
}

export interface ReadmeBlocks {
  installs: string[][];
  programs: ProgramBlock[];
}

const HEADER = /^\/\/ (\S+) · run: (.+?)(?: · needs Node (\d+\.\d+)\+)?$/;

export function readmeText(): string {
  return readFileSync(join(ROOT, "README.md"), "utf8");
}

export function readmeBlocks(text = readmeText()): ReadmeBlocks {
  const installs: string[][] = [];
  const programs: ProgramBlock[] = [];
  for (const match of text.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)) {
    const [, lang, body] = match as unknown as [string, string, string];
    const line = text.slice(0, match.index).split("\n").length;
    if (lang === "sh") {
      for (const command of body.split("\n")) {
        const words = command.replace(/#.*/, "").trim().split(/\s+/).filter(Boolean);
        if (words[0] === "npm" && words[1] === "install") installs.push(words.slice(2));
      }
      continue;
    }
    if (lang !== "ts" && lang !== "js") continue;
    const header = HEADER.exec(body.split("\n")[0]!);
    if (!header) throw new Error(`README.md:${line}: a ${lang} block must start with "// <file> · run: <command>"`);
    const prints = [...body.matchAll(/^\/\/ prints: (.+)$/gm)].map((m) => m[1]!);
    programs.push({ file: header[1]!, run: header[2]!.split(" "), ...(header[3] ? { needsNode: `${header[3]}.0` } : {}), source: body, prints, line });
  }
  return { installs, programs };
}

/** The ```typescript block after the README's browser-example marker (a page, not a Node program). */
export function browserExample(text = readmeText()): string {
  const match = /<!-- readme:browser-example[^>]*-->\s*```typescript\n([\s\S]*?)```/.exec(text);
  if (!match) throw new Error("README.md: the browser example (readme:browser-example) is missing");
  return match[1]!;
}

/** The command of the sh block after `<!-- readme:bundle-<tool> -->`, as words, its comment left out. */
export function bundleCommand(tool: "esbuild" | "vite", text = readmeText()): string[] {
  const match = new RegExp(`<!-- readme:bundle-${tool} -->\\s*\`\`\`sh\\n([^\\n]*)\\n\`\`\``).exec(text);
  if (!match) throw new Error(`README.md: the ${tool} command (readme:bundle-${tool}) is missing`);
  return match[1]!.replace(/#.*/, "").trim().split(/\s+/);
}

/** The packages of the `npm install` line after `<!-- readme:browser-install ... -->`: what the browser example needs beside the package. */
export function browserInstall(text = readmeText()): string[] {
  const match = /<!-- readme:browser-install[^>]*-->\s*```sh\n([^\n]*)\n```/.exec(text);
  if (!match) throw new Error("README.md: the browser example's install line (readme:browser-install) is missing");
  const words = match[1]!.replace(/#.*/, "").trim().split(/\s+/);
  if (words[0] !== "npm" || words[1] !== "install") throw new Error(`README.md: readme:browser-install must be an npm install line, not ${match[1]}`);
  return words.slice(2);
}

/** The page of the ```html block after `<!-- readme:esbuild-page -->`: what loads esbuild's output. */
export function esbuildPage(text = readmeText()): string {
  const match = /<!-- readme:esbuild-page[^>]*-->\s*```html\n([\s\S]*?)```/.exec(text);
  if (!match) throw new Error("README.md: the esbuild page (readme:esbuild-page) is missing");
  return match[1]!;
}
