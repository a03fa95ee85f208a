import { type DeliveryInit, type SignDeliveryFunction, signDelivery } from "./sign-delivery.js";

/** `signedRequest` over one table's examples. */
export type SignedRequestFunction = (url: string | URL, init: DeliveryInit) => Promise<Request>;

/**
 * `signedRequest` that signs through `sign` (a table's `signDelivery`).
 *
 * @example
 * const signedRequest = signedRequestFor(signDeliveryFor({ emitterEventNames, examplePayloads }));
 */
export function signedRequestFor(sign: SignDeliveryFunction): SignedRequestFunction {
  return async (url, init) => {
    const { headers, body } = await sign(init);
    return new Request(url, { method: "POST", headers, body });
  };
}

/**
 * Builds a signed `POST` `Request` for one delivery, to feed a web middleware in tests.
 *
 * @example
 * const response = await middleware(await signedRequest("http://localhost/api/platform/webhooks", {
 *   secret: "<SIGNING_SECRET>", name: "push", payload: { ref: "refs/heads/main" },
 * }));
 */
export const signedRequest: SignedRequestFunction = signedRequestFor(signDelivery);
