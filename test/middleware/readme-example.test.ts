import { afterEach, expect, it, vi } from "vitest";
import { signDelivery } from "@typewire/runtime/testing";
import { type ReadmeReceiver, startReadmeReceiver } from "../helpers/readme-receiver.js";

let receiver: ReadmeReceiver | undefined;
afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
});

it("runs the README example verbatim and receives a signed delivery", async () => {
  receiver = await startReadmeReceiver("example", "<SIGNING_SECRET>");
  const { url } = receiver;
  const { headers, body } = await signDelivery({
    secret: "<SIGNING_SECRET>",
    name: "issues.opened",
    id: "readme-1",
    payload: { issue: { number: 42 } },
  });
  const response = await vi.waitFor(() => fetch(url, { method: "POST", headers, body }), {
    timeout: 15_000,
    interval: 100,
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
  await vi.waitFor(() =>
    expect(receiver!.output()).toContain("delivery readme-1: issue #42 opened"),
  );
  expect((await fetch(new URL("/elsewhere", url))).status).toBe(404);
});
