import type { RawWebhookEvent } from "../event-handler/types.js";

/** What a job holds: the delivery as received, its body as text (parsed again by the worker). */
export interface DeliveryJobData {
  /** The delivery id (`x-platform-delivery`). */
  id: string;
  /** The event name (`x-platform-event`). */
  name: string;
  /** The body as received, decoded as UTF-8: verified once, by the receiver. */
  text: string;
}

/**
 * The job id of a delivery: the delivery id itself, unless BullMQ would refuse it as a job id
 * (an integer such as `"42"`, or one containing `:`), or it starts with `%`; those are
 * percent-encoded behind a `%`. Two different delivery ids never get the same job id.
 *
 * @example
 * jobIdOf("72d3162e-cc78-11e3-81ab-4c9367dc0958"); // "72d3162e-cc78-11e3-81ab-4c9367dc0958"
 * jobIdOf("42"); // "%42"
 * jobIdOf("a:b"); // "%a%3Ab"
 */
export function jobIdOf(id: string): string {
  const plain = !id.includes(":") && !id.startsWith("%") && `${Number.parseInt(id, 10)}` !== id;
  return plain ? id : `%${encodeURIComponent(id)}`;
}

/**
 * Reads a job's data back into the event it carries, or says what is wrong with it (a job
 * added by something other than `createDeliveryQueue`).
 *
 * @example
 * readDeliveryJob({ id: "1", name: "push", text: "{}" }); // { id: "1", name: "push", payload: "{}" }
 */
export function readDeliveryJob(data: unknown): RawWebhookEvent<string> | string {
  if (data === null || typeof data !== "object") return "its data is not an object";
  const { id, name, text } = data as Partial<Record<keyof DeliveryJobData, unknown>>;
  if (typeof id !== "string" || id === "") return "its data has no delivery id (a string)";
  if (typeof name !== "string" || name === "") return "its data has no event name (a string)";
  if (typeof text !== "string") return "its data has no body text (a string)";
  return { id, name, payload: text };
}
