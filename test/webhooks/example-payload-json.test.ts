import { describe, expect, it } from "vitest";
import { examplePayload } from "@typewire/runtime/testing";
import { type EmitterWebhookEventName, emitterEventNames } from "@typewire/runtime/webhooks";
import { BUNDLED_EVENTS, BUNDLED_PAYLOADS } from "../../generator/config.js";
import {
  buildExamplePayloads,
  examplePayloadJson,
} from "../../generator/webhooks/example-payload.js";
import {
  emitterEventNamesOf,
  readEventActionTable,
} from "../../generator/webhooks/event-action-table.js";
import { readPayloadSchemas } from "../../generator/webhooks/payload-schema.js";
import { bundledFile } from "../../input/paths.js";

/**
 * `typewire deliver` builds a project's own examples as JSON at run time; the runtime's come from
 * the generated `example-payloads.ts`. Over the bundled schemas the two must be the same values.
 */
describe("examplePayloadJson", () => {
  it("gives, for every name of the bundled table, what the generated examplePayloads gives", async () => {
    const table = await readEventActionTable(bundledFile(BUNDLED_EVENTS));
    const examples = buildExamplePayloads(
      await readPayloadSchemas(bundledFile(BUNDLED_PAYLOADS), table),
    );
    const names = emitterEventNamesOf(table);
    expect(names).toEqual([...emitterEventNames]);
    for (const name of names) {
      expect(examplePayloadJson(examples, name), name).toEqual(
        examplePayload(name as EmitterWebhookEventName),
      );
    }
    // Each call builds a new object, so changing one does not change the next.
    const first = examplePayloadJson(examples, "issues.opened")!;
    first.changed = true;
    expect(examplePayloadJson(examples, "issues.opened")).not.toHaveProperty("changed");
    expect(examplePayloadJson(examples, "no_such_event")).toBeUndefined();
  });
});
