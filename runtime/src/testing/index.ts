export { type DeliveryInit, type SignedDelivery, signDelivery } from "./sign-delivery.js";
export { signedRequest } from "./signed-request.js";
