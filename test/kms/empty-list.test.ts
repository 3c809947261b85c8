/**
 * The KMS list that finds nothing answers metadata alone (the document's `nothingListed`
 * example, after the vendor's troubleshooting page): walking it is an empty list, not a
 * PaginationError. A page whose collectionTotal says it holds keys but has no resources is still refused.
 */
import { describe, expect, it } from "vitest";
import { createKmsClient, PaginationError } from "cloud-interfaces/kms-v2";
import { bundledDocument } from "../harness/documents.js";
import { INSTANCE, KEY_TYPE, TOKEN, keyBody, keyId, rejection, scriptedFetch } from "./fakes.js";

const doc = bundledDocument("kms-v2");
const nothingListed = doc.paths["/api/v2/keys"].get.responses["200"].content["application/vnd.svc.collection+json"].examples.nothingListed.value;
const kmsOver = (fetch: typeof globalThis.fetch) => createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch });
const drain = async (walk: AsyncIterable<{ id: string }>) => {
  const ids: string[] = [];
  for await (const key of walk) ids.push(key.id);
  return ids;
};

describe("kms-v2: walking a list that finds nothing", () => {
  it("the document's nothingListed example has no resources (what this test relies on)", () => {
    expect(nothingListed).toEqual({ metadata: { collectionType: KEY_TYPE, collectionTotal: 0 } });
  });

  it("listKeys and raw.paginate yield nothing after one request", async () => {
    const { sent, fetch } = scriptedFetch([{ status: 200, body: nothingListed }]);
    const kms = kmsOver(fetch);
    expect(await drain(kms.listKeys())).toEqual([]);
    expect(await drain(kms.raw.paginate("/api/v2/keys", { params: { query: { limit: 5 } } }))).toEqual([]);
    expect(sent).toHaveLength(2);
  });

  it("a last page answered as nothingListed ends a walk of full pages", async () => {
    const { sent, fetch } = scriptedFetch([{ status: 200, body: keyBody([keyId(0), keyId(1)]) }, { status: 200, body: nothingListed }]);
    expect(await drain(kmsOver(fetch).listKeys({}, 2))).toEqual([keyId(0), keyId(1)]);
    expect(sent.map((s) => s.url.searchParams.get("offset"))).toEqual(["0", "2"]);
  });

  it("a page whose collectionTotal says it holds keys, without resources, is a PaginationError", async () => {
    const { fetch } = scriptedFetch([{ status: 200, body: { metadata: { collectionType: KEY_TYPE, collectionTotal: 2 } } }]);
    expect(await rejection(drain(kmsOver(fetch).listKeys()))).toBeInstanceOf(PaginationError);
  });
});
