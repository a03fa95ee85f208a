import { examplePayloads } from "../generated/webhooks/example-payloads.js";
import { emitterEventNames } from "../generated/webhooks/event-names.js";
import type { WebhookPayloadMap } from "../generated/webhooks/payloads/map.js";

/** A table's examples as a generated webhooks module exports them. */
export interface ExampleTable<TPayloadMap> {
  /** Every event name and `event.action` combination of the table, sorted. */
  readonly emitterEventNames: readonly string[];
  /** A function per event without actions and per `event.action` returning a new example. */
  readonly examplePayloads: { readonly [TName in keyof TPayloadMap]?: () => TPayloadMap[TName] };
}

/** The platform's table bundled with the runtime, with its examples. */
export const platformExamples: ExampleTable<WebhookPayloadMap> = {
  emitterEventNames,
  examplePayloads,
};

/** `examplePayload` over one table's examples. */
export type ExamplePayloadFunction<TPayloadMap> = <TName extends keyof TPayloadMap & string>(
  name: TName,
) => TPayloadMap[TName];

/**
 * `examplePayload` over a table's examples: an event with actions named without one gets the
 * example of its first action in alphabetical order.
 *
 * @example
 * const examplePayload = examplePayloadFor({ emitterEventNames, examplePayloads });
 */
export function examplePayloadFor<TPayloadMap>(
  table: ExampleTable<TPayloadMap>,
): ExamplePayloadFunction<TPayloadMap> {
  return <TName extends keyof TPayloadMap & string>(name: TName) => {
    const found = findExample(table, name);
    if (typeof found === "string")
      throw new TypeError(`[typewire] examplePayload: ${JSON.stringify(name)} ${found}`);
    return found() as TPayloadMap[TName];
  };
}

/**
 * The example builder for `name` (an event named without its action: its first action's), or
 * why there is none, in words that follow the name ("is not an event name ...").
 *
 * @example
 * findExample(table, "issues"); // the builder of "issues.assigned"
 */
export function findExample(table: ExampleTable<unknown>, name: string): (() => unknown) | string {
  const examples = table.examplePayloads as Readonly<Record<string, (() => unknown) | undefined>>;
  const key = Object.hasOwn(examples, name)
    ? name
    : table.emitterEventNames.find((candidate) => candidate.startsWith(`${name}.`));
  const build = key === undefined ? undefined : examples[key];
  if (build !== undefined) return build;
  return table.emitterEventNames.includes(name)
    ? "has no example: its table was generated without payload schemas"
    : "is not an event name (see emitterEventNames)";
}

/**
 * A new example payload for an event or `event.action`, built from the platform's payload
 * schemas when typewire was generated: it validates against the event's schema and every
 * required field holds a plausible value (numbers, logins, URLs, ISO 8601 timestamps, node ids).
 * An event that has actions, named without one, gets the example of its first action in
 * alphabetical order (`"issues"` gives `"issues.assigned"`'s). Each call returns a new object, so
 * a test may change it freely. For a table of your own, use its generated `testing.ts`.
 *
 * @example
 * const payload = examplePayload("issues.opened");
 * payload.issue.number; // 1
 * payload.issue.title = "Crash on start"; // a copy of its own: change what the test is about
 * await signDelivery({ secret: "<SIGNING_SECRET>", name: "issues.opened", payload });
 */
export const examplePayload: ExamplePayloadFunction<WebhookPayloadMap> =
  examplePayloadFor(platformExamples);
