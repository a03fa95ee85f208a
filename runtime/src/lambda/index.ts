/** `@typewire/runtime/lambda`: an AWS Lambda handler for function URLs and API Gateway. */
export {
  type LambdaHandler,
  type LambdaHttpEvent,
  type LambdaHttpResult,
  createLambdaHandler,
} from "./create-lambda-handler.js";
