export { type DeliveryInit, type SignedDelivery, signDelivery } from "./sign-delivery.js";
export { examplePayload } from "./example-payload.js";
export { signedRequest } from "./signed-request.js";
