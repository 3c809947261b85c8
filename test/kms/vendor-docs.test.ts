/**
 * Key management requests and answers as the vendor's own documentation shows them (issue 47),
 * with the documentation's `vnd.ibm` media types renamed to the interface document's `vnd.svc`:
 * - the API reference's list example (IBM/keyprotect-go api/openapi.yaml, getKeys, line 576) and
 *   the quantum-safe page (ibm-cloud-docs/key-protect concepts/quantum-safe-cryptography.md line
 *   425) list keys with `Accept: application/vnd.ibm.kms.key+json`;
 * - the secure-import tutorial (tutorials/secure-import.md lines 573-578) creates a key with
 *   `Accept: application/vnd.ibm.collection+json` and the body labelled `application/json`;
 * - the troubleshooting page (ts-unable-to-list-keys-api.md lines 31-36) shows the answer of a
 *   list that finds nothing: the metadata alone, no `resources`.
 */
import { describe, expect, it } from "vitest";
import { createKmsClient } from "cloud-interfaces/kms-v2";
import { bundledDocument } from "../harness/documents.js";
import { mockUrl } from "../harness/mocks.js";
import { validateAt } from "../harness/validator.js";
import { loopback } from "../real-clients/loopback.js";
import { INSTANCE, TOKEN, scriptedFetch } from "./fakes.js";

const KEY_TYPE = "application/vnd.svc.kms.key+json";
const COLLECTION_TYPE = "application/vnd.svc.collection+json";
const curlHeaders = { authorization: "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln", "svc-instance": INSTANCE };
const kms = () => loopback(mockUrl("kms-v2"));
const LIST_200 = "#/paths/~1api~1v2~1keys/get/responses/200/content/application~1vnd.svc.collection+json/schema";

describe("kms-v2: the vendor documentation's requests", () => {
  it("list keys with Accept: the key media type (API reference, quantum-safe page) → 200 in that type, not 406", async () => {
    const response = await fetch(`${kms()}/api/v2/keys`, { headers: { ...curlHeaders, accept: KEY_TYPE } });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(new RegExp(`^${KEY_TYPE.replace(/[.+]/g, "\\$&")}`));
    const body = await response.json();
    expect(body.metadata.collectionType).toBe(KEY_TYPE);
    expect(validateAt("kms-v2", LIST_200, body)).toEqual([]);
  });

  it("count keys with HEAD and Accept: the key media type (API reference, getKeyCollectionMetadata, line 736) → 200 with Key-Total", async () => {
    const response = await fetch(`${kms()}/api/v2/keys`, { method: "HEAD", headers: { ...curlHeaders, accept: KEY_TYPE } });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(200);
    expect(response.headers.get("key-total")).toMatch(/^\d+$/);
  });

  it("create a key as the secure-import tutorial does: Accept the collection type, body labelled application/json → 201, not 406", async () => {
    const body = JSON.stringify({
      metadata: { collectionType: KEY_TYPE, collectionTotal: 1 },
      resources: [{ type: KEY_TYPE, name: "encrypted-root-key", extractable: false, payload: "SXQgaXMgYSByZWFsbHkgaW1wb3J0YW50IG1lc3NhZ2U=", encryptionAlgorithm: "RSAES_OAEP_SHA_256", encryptedNonce: "DVy/Dbk37X8mvvz0ZuPJ", iv: "puQrzDO9xg6GdtrKJ" }],
    });
    const response = await fetch(`${kms()}/api/v2/keys`, { method: "POST", headers: { ...curlHeaders, accept: COLLECTION_TYPE, "content-type": "application/json" }, body });
    expect(response.headers.get("sl-violations")).toBeNull();
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/vnd\.svc\.collection\+json/);
    expect((await response.json()).resources).toHaveLength(1);
  });

  it("the empty list as the troubleshooting page shows it (no resources) is a documented answer", async () => {
    const documented = { metadata: { collectionType: KEY_TYPE, collectionTotal: 0 } };
    expect(validateAt("kms-v2", LIST_200, documented)).toEqual([]);
    // resources may be left out only when there is nothing to list
    expect(validateAt("kms-v2", LIST_200, { metadata: { collectionType: KEY_TYPE, collectionTotal: 2 } })).not.toEqual([]);
    const examples = bundledDocument("kms-v2").paths["/api/v2/keys"].get.responses["200"].content[COLLECTION_TYPE].examples;
    expect(examples.nothingListed.value).toEqual(documented);
  });

  it("createKmsClient().listPage reads that answer as no keys", async () => {
    const { fetch } = scriptedFetch([{ status: 200, body: { metadata: { collectionType: KEY_TYPE, collectionTotal: 0 } } }]);
    const client = createKmsClient({ baseUrl: "https://us-south.kms.example.com", instanceId: INSTANCE, token: TOKEN, fetch });
    expect(await client.listPage()).toEqual({ keys: [], incompleteSearch: false, collectionTotal: 0 });
  });
});
