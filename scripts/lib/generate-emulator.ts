/**
 * generated/<id>/emulator.ts: what the stateful emulator needs of a document, as a module that
 * runs anywhere (no file reads, no eval): the bundled document, and every JSON Schema validator
 * its contract uses, precompiled with Ajv's standalone code so a page with a strict
 * Content-Security-Policy can run the emulator.
 */
import { Name } from "ajv/dist/2020.js";
import standaloneModule from "ajv/dist/standalone/index.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { emulatorAjv, validatorSchema } from "../../runtime/emulator/ajv-validators.js";
import { Contract, validatorKey, type ValidateFunction } from "../../runtime/emulator/contract.js";
import { validatorFormats } from "../../runtime/emulator/validator-runtime.js";
import { mockView } from "../../runtime/controls/mock-view.js";
import { defaultServerUrl } from "../../runtime/openapi/server-url.js";
import type { OpenApiDocument } from "./openapi-types.js";
import type { Service } from "./services.js";

const DOCUMENT_ID = "urn:emulator:document";
// CommonJS module whose function is also its `default`; which of the two an ESM import sees depends on the loader.
const standaloneCode = ((standaloneModule as { default?: unknown }).default ?? standaloneModule) as (ajv: unknown, refs: Record<string, string>) => string;

/** Every (pointer, coerce) pair the emulator's contract asks for, in the order it asks. */
export function contractValidatorKeys(service: Service, doc: OpenApiDocument): Array<{ pointer: string; coerce: boolean }> {
  const wanted = new Map<string, { pointer: string; coerce: boolean }>();
  const never = (() => {
    throw new Error("validators are not run while listing them");
  }) as unknown as ValidateFunction;
  new Contract(service.id, mockView(doc), (pointer, coerce) => {
    wanted.set(validatorKey(pointer, coerce), { pointer, coerce });
    return never;
  });
  return [...wanted.values()];
}

/**
 * The helpers Ajv's standalone code `require`s, by the expression it writes, and what the
 * generated module calls instead: the package's own (runtime/emulator/formats.ts), so that no Ajv
 * is loaded or installed at run time.
 */
const RUNTIME_HELPERS: Readonly<Record<string, string>> = { 'require("ajv/dist/runtime/ucs2length").default': "ucs2length" };

/** The code of formats Ajv cannot inline (functions, not regular expressions) reads `validatorFormats.<name>`. */
const FORMATS = "validatorFormats";

/** Ajv's standalone CommonJS code for one set of validators, as a function body returning its exports. */
function standalone(view: unknown, keys: Array<{ pointer: string }>, coerce: boolean): string {
  const ajv = emulatorAjv(coerce, { code: { source: true, formats: new Name(FORMATS) } });
  ajv.addSchema({ ...(view as object), $id: DOCUMENT_ID });
  const names: Record<string, string> = {};
  keys.forEach(({ pointer }, i) => {
    ajv.addSchema(validatorSchema(DOCUMENT_ID, pointer, coerce), `v${i}`);
    names[`v${i}`] = `v${i}`;
  });
  return standaloneCode(ajv, names);
}

/** generated/<id>/servers.ts: the documented server URLs alone, for routing before the emulator itself is loaded. */
export function generateServersModule(service: Service, doc: OpenApiDocument): string {
  const urls = (doc.servers ?? []).map((s: { url: string }) => s.url);
  const first = doc.servers?.[0];
  return `// Generated from openapi/${service.document} by scripts/build.ts. Do not edit: change the document and run \`npm run build\`.

/** The document's server URLs, variables as \`{name}\`. */
export const servers: readonly string[] = ${JSON.stringify(urls)};

/** The first server with its variables at their defaults: the placeholder host the emulators answer for under MSW. */
export const baseUrl: string | undefined = ${first ? JSON.stringify(defaultServerUrl(first)) : "undefined"};
`;
}

/** Every format the code reaches must be in runtime/emulator/formats.ts, in the shape ajv-formats gave Ajv (a function, or an object Ajv calls `.validate` on). */
function checkFormats(service: Service, code: string): void {
  for (const [, dotted, quoted] of code.matchAll(new RegExp(`\\b${FORMATS}(?:\\.([\\w$]+)|\\["([^"]+)"\\])`, "g"))) {
    const name = (dotted ?? quoted)!;
    const ours = validatorFormats[name];
    const theirs = (fullFormats as Record<string, unknown>)[name];
    if (!ours || typeof ours !== typeof theirs) throw new Error(`${service.id}: the validators use format "${name}", which runtime/emulator/formats.ts does not provide as ajv-formats defines it; add it there`);
  }
}

export function generateEmulatorModule(service: Service, doc: OpenApiDocument): string {
  const keys = contractValidatorKeys(service, doc);
  const view = mockView(doc);
  const groups = [false, true].map((coerce) => ({ coerce, keys: keys.filter((k) => k.coerce === coerce) }));
  const bodies = groups.map(({ coerce, keys: group }) => {
    const code = standalone(view, group, coerce)
      .replace(/^"use strict";/, "")
      .replace(/require\("([^"]+)"\)(?:\.default)?/g, (expression, name: string) => {
        const helper = RUNTIME_HELPERS[expression];
        if (!helper) throw new Error(`${service.id}: Ajv's standalone code requires ${name}; add it to runtime/emulator/validator-runtime.ts`);
        return helper;
      });
    checkFormats(service, code);
    return code;
  });
  const pointers = groups.map(({ keys: group }) => JSON.stringify(group.map((k) => k.pointer)));
  return `// Generated from openapi/${service.document} by scripts/build.ts. Do not edit: change the document and run \`npm run build\`.
// @ts-nocheck: Ajv's standalone validator code is JavaScript.

import { ucs2length, validatorFormats, validatorTable } from "../../runtime/emulator/validator-runtime.js";

/** The bundled document (the same as cloud-interfaces/openapi/${service.id}.json). */
export const document: unknown = JSON.parse(${JSON.stringify(JSON.stringify(doc))});

/**
 * Every validator the emulator's contract uses, by validatorKey(pointer, coerce). Parameters, form
 * fields and headers arrive as text: the coercing group converts them, wrapped as { v: value }.
 */
export const validators: Readonly<Record<string, (data: unknown) => boolean>> = validatorTable([
  { coerce: false, pointers: ${pointers[0]}, define(exports) {${bodies[0]}} },
  { coerce: true, pointers: ${pointers[1]}, define(exports) {${bodies[1]}} },
]);
`;
}

