import { describe, expectTypeOf, it } from "vitest";
import {
  type LambdaHandler,
  type LambdaHttpEvent,
  type LambdaHttpResult,
  createLambdaHandler,
} from "@typewire/runtime/lambda";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: "<SIGNING_SECRET>" });

/** The function URL / HTTP API event as AWS's own type declarations describe it (format 2.0). */
interface AwsEventV2 {
  version: string;
  routeKey: string;
  rawPath: string;
  rawQueryString: string;
  cookies?: string[];
  headers: { [name: string]: string | undefined };
  queryStringParameters?: { [name: string]: string | undefined };
  requestContext: {
    accountId: string;
    apiId: string;
    domainName: string;
    http: { method: string; path: string; protocol: string; sourceIp: string; userAgent: string };
    requestId: string;
    routeKey: string;
    stage: string;
    time: string;
    timeEpoch: number;
  };
  body?: string;
  isBase64Encoded: boolean;
}

describe("Lambda handler types", () => {
  it("is an async (event) => result handler, with the web middleware's options", () => {
    const handler = createLambdaHandler(webhooks, { path: "/hooks", timeout: 5000 });
    expectTypeOf(handler).toEqualTypeOf<LambdaHandler>();
    expectTypeOf(handler).returns.resolves.toEqualTypeOf<LambdaHttpResult>();
    expectTypeOf<LambdaHttpResult["isBase64Encoded"]>().toEqualTypeOf<false>();
    // @ts-expect-error: the first argument is a Webhooks instance
    createLambdaHandler({ secret: "x" });
    // @ts-expect-error: options are the web middleware's
    createLambdaHandler(webhooks, { path: 1 });
  });

  it("takes the events AWS's own types describe, with no AWS package", () => {
    expectTypeOf<AwsEventV2>().toExtend<LambdaHttpEvent>();
    const handler = createLambdaHandler(webhooks);
    const event = {} as AwsEventV2;
    expectTypeOf(handler(event)).resolves.toHaveProperty("statusCode").toEqualTypeOf<number>();
    // @ts-expect-error: a body is text, base64 or not
    handler({ rawPath: "/", requestContext: { http: { method: "POST" } }, body: new Uint8Array() });
  });
});
