/** The build skips `tsc -p tsconfig.build.json` only while everything that compile reads is unchanged (scripts/lib/compile-key.ts). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileKey } from "../scripts/lib/compile-key.js";

const root = mkdtempSync(join(tmpdir(), "compile-key-"));
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, ".."), { recursive: true });
  writeFileSync(join(root, file), text);
};
for (const file of ["tsconfig.json", "tsconfig.build.json", "package-lock.json", "README.md"]) write(file, "{}");
write("runtime/core/a.ts", "export const a = 1;\n");
write("generated/x/b.ts", "export const b = 1;\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("compile key", () => {
  it("changes with a source, a new source, either tsconfig or the lockfile, and comes back when they do", () => {
    const first = compileKey(root);
    for (const [file, text] of [
      ["runtime/core/a.ts", "export const a = 2;\n"],
      ["generated/x/b.ts", "export const b = 2;\n"],
      ["tsconfig.json", '{"compilerOptions":{}}'],
      ["tsconfig.build.json", '{"compilerOptions":{}}'],
      ["package-lock.json", '{"lockfileVersion":3}'],
    ] as const) {
      const before = compileKey(root);
      write(file, text);
      expect(compileKey(root), file).not.toBe(before);
    }
    write("runtime/core/new.ts", "export {};\n");
    const withNew = compileKey(root);
    rmSync(join(root, "runtime/core/new.ts"));
    expect(compileKey(root)).not.toBe(withNew);
    for (const [file, text] of [["runtime/core/a.ts", "export const a = 1;\n"], ["generated/x/b.ts", "export const b = 1;\n"], ["tsconfig.json", "{}"], ["tsconfig.build.json", "{}"], ["package-lock.json", "{}"]] as const) write(file, text);
    expect(compileKey(root)).toBe(first);
  });

  it("ignores what the compile does not read", () => {
    const before = compileKey(root);
    write("README.md", "# changed");
    write("runtime/core/notes.md", "not a source");
    expect(compileKey(root)).toBe(before);
  });
});
