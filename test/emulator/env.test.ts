/**
 * The emulator's randomness (runtime/emulator/app.ts createEnv): ids are RFC 9562 version-4 UUIDs
 * made from 16 draws of the seeded source, so the same seed gives the same ids, and a snapshot's
 * draw count says where a restored emulator's randomness stands.
 */
import { describe, expect, it } from "vitest";
import { createEnv } from "../../runtime/emulator/app.js";
import { seededRandom } from "../../runtime/controls/seeded-random.js";

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("createEnv", () => {
  it("uuid: a version-4 UUID of 16 draws, each byte as two hex digits in order", () => {
    const bytes = [0x00, 0x0f, 0x10, 0xff, 0xab, 0xcd, 0x12, 0x34, 0xfe, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x01];
    let i = 0;
    const env = createEnv({ random: () => (bytes[i++ % 16]! + 0.5) / 256 });
    // Byte 6 carries the version (4), byte 8 the variant (10xx).
    expect(env.uuid()).toBe("000f10ff-abcd-4234-be56-789abcdef001");
    expect(env.draws()).toBe(16);
  });

  it("uuid: the same seed gives the same ids, and every one is a version-4 UUID", () => {
    const a = createEnv({ random: seededRandom(7) });
    const b = createEnv({ random: seededRandom(7) });
    const ids = Array.from({ length: 200 }, () => a.uuid());
    expect(ids).toEqual(Array.from({ length: 200 }, () => b.uuid()));
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(200);
  });
});
