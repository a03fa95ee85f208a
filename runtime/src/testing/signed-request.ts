import { type DeliveryInit, signDelivery } from "./sign-delivery.js";

/**
 * Builds a signed `POST` `Request` for one delivery, to feed a web middleware in tests.
 *
 * @example
 * const response = await middleware(await signedRequest("http://localhost/api/platform/webhooks", {
 *   secret: "<SIGNING_SECRET>", name: "push", payload: { ref: "refs/heads/main" },
 * }));
 */
export async function signedRequest(url: string | URL, init: DeliveryInit): Promise<Request> {
  const { headers, body } = await signDelivery(init);
  return new Request(url, { method: "POST", headers, body });
}
