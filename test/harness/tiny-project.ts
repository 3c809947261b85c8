/**
 * A tiny project in a scratch folder for the build's tests (two small documents sharing an
 * operation file), fresh for each test: test/build-pipeline.test.ts and test/build-lint.test.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect } from "vitest";
import { layoutFor, type Layout } from "../../scripts/lib/paths.js";
import type { Service } from "../../scripts/lib/services.js";

export const TINY = `openapi: 3.1.0
jsonSchemaDialect: https://json-schema.org/draft/2020-12/schema
info:
  title: Tiny
  version: "1"
  description: A tiny service for build tests.
  license: { name: MIT, identifier: MIT }
  contact: { name: Team, email: team@example.com }
servers:
  - url: https://api.example.com
    x-name: default
    x-internal: false
security: []
x-lint-exceptions:
  "owasp:api2:2023-read-restricted": "The tiny test service has no credentials to check; it is read by build tests only."
  "owasp:api4:2023-rate-limit-responses-429": "The tiny test service is never deployed, so it has no rate limit to document."
  "owasp:api8:2023-define-error-responses-401": "The tiny test service has no credentials, so nothing answers 401 in it."
  "owasp:api8:2023-define-error-responses-500": "The tiny test service is generated in memory; nothing in it can fail with 500."
  "owasp:api4:2023-rate-limit": "The tiny test service is never deployed, so it has no rate limit headers to document."
paths:
  /things/{id}:
    get:
      $ref: ./shared/getThing.yaml
tags:
  - name: t
    description: Things.
`;

export const GET_THING = `operationId: getThing
summary: Get a thing.
description: Gets it.
tags: [t]
security: []
parameters:
  - name: id
    in: path
    required: true
    schema: { type: string, maxLength: 10, pattern: "^[a-z]+$" }
responses:
  "200":
    description: The thing.
    content:
      application/json:
        schema: { $ref: ./Thing.yaml }
        examples:
          one: { value: { id: abc } }
  "400":
    description: Bad id.
    content:
      application/json:
        schema: { type: object, properties: { error: { type: string, enum: [bad] } } }
        examples:
          bad: { value: { error: bad } }
`;

export const THING = `type: object
properties:
  id: { type: string, maxLength: 10, pattern: "^[a-z]+$" }
`;

/** A type generator that throws `failure`, to see how a document's build reports it (openapi-typescript rarely fails on a linted bundle). */
export const failingTypes = (failure: unknown) => () => Promise.reject(failure);

export const tiny: Service = { id: "tiny", document: "tiny.yaml", seed: "" };
export const tinyB: Service = { id: "tiny-b", document: "tiny-b.yaml", seed: "", family: "kms" };

export let root: string;
export let layout: Layout;
export const file = (name: string) => join(layout.openapiDir, name);
export const write = (name: string, text: string) => {
  mkdirSync(join(file(name), ".."), { recursive: true });
  writeFileSync(file(name), text);
};
/** Replaces one occurrence of `from` in an openapi/ file. */
export const edit = (name: string, from: string, to: string) => {
  const text = readFileSync(file(name), "utf8");
  expect(text.split(from)).toHaveLength(2);
  writeFileSync(file(name), text.replace(from, to));
};
export const lineOf = (name: string, text: string) => readFileSync(file(name), "utf8").split("\n").findIndex((l) => l.includes(text)) + 1;

/** A fresh copy of the tiny project for each test of the calling file. */
export function useTinyProject(): void {
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "build-pipeline-"));
    layout = layoutFor(root);
    write("services.json", JSON.stringify({ services: [tiny, tinyB] }));
    write("tiny.yaml", TINY);
    write("tiny-b.yaml", TINY.replace("title: Tiny", "title: Tiny B"));
    write("shared/getThing.yaml", GET_THING);
    write("shared/Thing.yaml", THING);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
}
