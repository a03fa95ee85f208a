import { describe, expect, it } from "vitest";
import { emitterEventNames, validateEventName } from "@typewire/runtime/webhooks";

describe("emitterEventNames", () => {
  it("has 323 sorted unique names", () => {
    expect(emitterEventNames).toHaveLength(323);
    expect([...emitterEventNames].sort()).toEqual([...emitterEventNames]);
    expect(new Set(emitterEventNames).size).toBe(323);
  });
  it("validates", () => {
    expect(() => validateEventName("push")).not.toThrow();
  });
});
