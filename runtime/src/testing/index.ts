export {
  type DeliveryInit,
  type SignDeliveryFunction,
  type SignedDelivery,
  signDelivery,
} from "./sign-delivery.js";
export {
  type ExamplePayloadFunction,
  type ExampleTable,
  examplePayload,
} from "./example-payload.js";
export { type SignedRequestFunction, signedRequest } from "./signed-request.js";
export { type TestingHelpers, testingHelpersFor } from "./testing-helpers.js";
