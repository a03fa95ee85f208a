import {
  type ExamplePayloadFunction,
  type ExampleTable,
  examplePayloadFor,
} from "./example-payload.js";
import { type SignDeliveryFunction, signDeliveryFor } from "./sign-delivery.js";
import { type SignedRequestFunction, signedRequestFor } from "./signed-request.js";

/** The testing helpers over one table's examples. */
export interface TestingHelpers<TPayloadMap> {
  /** A new example payload for an event or `event.action` of the table. */
  examplePayload: ExamplePayloadFunction<TPayloadMap>;
  /** Headers and body of a signed delivery; without a `payload`, the table's example. */
  signDelivery: SignDeliveryFunction;
  /** A signed `POST` `Request` for one delivery, to feed a web middleware. */
  signedRequest: SignedRequestFunction;
}

/**
 * `examplePayload`, `signDelivery` and `signedRequest` over a table's examples, as a generated
 * webhooks module's `testing.ts` exports them.
 *
 * @example
 * export const { examplePayload, signDelivery, signedRequest } =
 *   testingHelpersFor<EmitterWebhookPayloadMap>({ emitterEventNames, examplePayloads });
 */
export function testingHelpersFor<TPayloadMap>(
  table: ExampleTable<TPayloadMap>,
): TestingHelpers<TPayloadMap> {
  const signDelivery = signDeliveryFor(table);
  return {
    examplePayload: examplePayloadFor(table),
    signDelivery,
    signedRequest: signedRequestFor(signDelivery),
  };
}
