import type { EmitterWebhookEventMap } from "../generated/webhooks/events.js";
import { validateEventName } from "../generated/webhooks/validate-event-name.js";

/**
 * The shape of every event map: for each event name and `event.action` combination, the event
 * object handlers receive. A generated `events.ts` exports one as `EmitterWebhookEventMap`.
 *
 * The generics (`TEvents`) are constrained to `object`, not to this: the compiler checks a type
 * parameter's default against its constraint wherever the declaration is checked, and checking
 * the platform's map against this would instantiate all of its 323 events in every consumer's
 * type-check (`npm run bench:types`: 522 instantiations became 1,191).
 */
export type WebhookEventMap = { [name: string]: WebhookEvent };

/** An event as handlers receive it, whatever the table. */
export interface WebhookEvent {
  id: string;
  name: string;
  payload: unknown;
}

/** The platform's event map, bundled with the runtime: the default of every generic. */
export type PlatformEventMap = EmitterWebhookEventMap;

/** Every name a map knows: event names and `event.action` combinations. */
export type EventNameOf<TEvents extends object> = keyof TEvents & string;

/** The event of any name of a map. */
export type AnyEventOf<TEvents extends object> = TEvents[keyof TEvents];

/**
 * An event/action table as the runtime reads it at run time: the check of its names, as a
 * generated module exports it (`{ validateEventName }`).
 */
export interface WebhookEventTable {
  readonly validateEventName: (
    name: unknown,
    options: { onUnknownEventName: "warn"; log: { warn: (...data: unknown[]) => unknown } },
  ) => void;
}

/** The platform's table, bundled with the runtime. */
export const platformEventTable: WebhookEventTable = { validateEventName };
