import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import { describe, expectTypeOf, it } from "vitest";
import {
  type NodeMiddleware,
  createNodeMiddleware,
  createWebMiddleware,
} from "@typewire/runtime/middleware";
import { type RelayClient, createRelayClient } from "@typewire/runtime/relay";
import { signedRequest } from "@typewire/runtime/testing";
import { Webhooks } from "@typewire/runtime/webhooks";

const webhooks = new Webhooks({ secret: "<SIGNING_SECRET>" });

describe("middleware types", () => {
  it("node middleware is (req, res, next?) => Promise<boolean> and fits Express", () => {
    const middleware = createNodeMiddleware(webhooks, {
      path: "/hooks",
      timeout: 5000,
      maxBodySize: 1024,
    });
    expectTypeOf(middleware).toEqualTypeOf<NodeMiddleware>();
    expectTypeOf(middleware).parameters.toEqualTypeOf<
      [IncomingMessage, ServerResponse, ((error?: unknown) => void)?]
    >();
    expectTypeOf(middleware).returns.toEqualTypeOf<Promise<boolean>>();
    express().use(middleware);
  });

  it("web middleware is (request) => Promise<Response>", () => {
    const middleware = createWebMiddleware(webhooks, {
      onUnhandledRequest: () => new Response(null, { status: 404 }),
    });
    expectTypeOf(middleware).toEqualTypeOf<(request: Request) => Promise<Response>>();
  });

  it("takes a Webhooks instance (any transform) and refuses other objects and options", () => {
    createNodeMiddleware(
      new Webhooks({ secret: "s", transform: (event) => ({ ...event, extra: 1 }) }),
    );
    // @ts-expect-error: not a Webhooks instance
    createNodeMiddleware({ receive: async () => undefined });
    // @ts-expect-error: unknown option
    createNodeMiddleware(webhooks, { pathname: "/x" });
    // @ts-expect-error: timeout is milliseconds
    createWebMiddleware(webhooks, { timeout: "9s" });
  });

  it("relay and testing helpers", () => {
    expectTypeOf(
      createRelayClient({ url: "http://127.0.0.1:1/", webhooks }),
    ).toEqualTypeOf<RelayClient>();
    expectTypeOf(
      signedRequest("http://localhost/", { secret: "s", name: "push", payload: {} }),
    ).toEqualTypeOf<Promise<Request>>();
  });
});
