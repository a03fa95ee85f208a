import { createHmac } from "node:crypto";
import {
  type DedupeStore,
  type VerifiedDelivery,
  WebhookDuplicateError,
  WebhookRequestError,
  WebhookUnavailableError,
  Webhooks,
  createMemoryDedupeStore,
  toQueue,
  withDedupe,
} from "@typewire/runtime/webhooks";
import { describe, expect, it, vi } from "vitest";

const secret = "It's a Secret to Everybody";
const hmac = (key: string, body: string | Uint8Array) =>
  `sha256=${createHmac("sha256", key).update(body).digest("hex")}`;

/** The options of `verifyAndReceive` with the dedupe step over `store`. */
const withStore = (store: DedupeStore) => ({ accept: withDedupe(store) });

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => expect.unreachable("expected a rejection"),
    (error: unknown) => error as WebhookRequestError,
  );
}

/**
 * The `Webhooks` class behaviour that depends on the crypto path. Run once as is (node:crypto
 * on Node) and once with the signature module swapped for the WebCrypto one.
 */
export function verifyAndReceiveScenarios(label: string): void {
  describe(`Webhooks (${label})`, () => {
    it("signs with the primary secret and verifies the known answer", async () => {
      const webhooks = new Webhooks({ secret, additionalSecrets: ["old"] });
      const signature = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
      await expect(webhooks.sign("Hello, World!")).resolves.toBe(signature);
      await expect(webhooks.verify("Hello, World!", signature)).resolves.toBe(true);
      await expect(webhooks.verify("Hello, World!", signature.toUpperCase())).resolves.toBe(false);
    });

    it("verifies signatures made with an additional secret (rotation)", async () => {
      const webhooks = new Webhooks({ secret: "new", additionalSecrets: ["old", "older"] });
      await expect(webhooks.verify("x", hmac("older", "x"))).resolves.toBe(true);
      await expect(webhooks.verify("x", hmac("other", "x"))).resolves.toBe(false);
      const seen = vi.fn();
      webhooks.on("push", seen);
      const payload = '{"ref":"main"}';
      await webhooks.verifyAndReceive({
        id: "1",
        name: "push",
        payload,
        signature: hmac("old", payload),
      });
      expect(seen).toHaveBeenCalledTimes(1);
    });

    it("verifies, parses and receives a delivery", async () => {
      const webhooks = new Webhooks({ secret });
      const seen = vi.fn();
      webhooks.on("issues.opened", seen);
      const payload = '{"action":"opened","issue":{"title":"ünïcode"}}';
      await webhooks.verifyAndReceive({
        id: "7",
        name: "issues",
        payload,
        signature: hmac(secret, payload),
      });
      expect(seen).toHaveBeenCalledWith({
        id: "7",
        name: "issues",
        payload: { action: "opened", issue: { title: "ünïcode" } },
      });
    });

    it("verifies raw bytes, including a byte-order mark, then parses them", async () => {
      const webhooks = new Webhooks({ secret });
      const seen = vi.fn();
      webhooks.on("push", seen);
      const payload = new Uint8Array([
        0xef,
        0xbb,
        0xbf,
        ...new TextEncoder().encode('{"ref":"é"}'),
      ]);
      await webhooks.verifyAndReceive({ name: "push", payload, signature: hmac(secret, payload) });
      expect(seen).toHaveBeenCalledWith({ id: "", name: "push", payload: { ref: "é" } });
    });

    it("rejects a wrong signature with status 400, emits error, and runs no handler", async () => {
      const webhooks = new Webhooks({ secret });
      const handler = vi.fn();
      const onError = vi.fn();
      webhooks.onAny(handler);
      webhooks.onError(onError);
      const delivery = { id: "9", name: "push", payload: "{}", signature: hmac("wrong", "{}") };
      const error = await rejection(webhooks.verifyAndReceive(delivery));
      expect(error).toBeInstanceOf(WebhookRequestError);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/signature does not match the payload and secret/);
      expect(error.event).toEqual({ id: "9", name: "push", payload: "{}" });
      expect(onError).toHaveBeenCalledWith(error);
      expect(handler).not.toHaveBeenCalled();
    });

    it.each([
      ["a malformed signature", "sha256=nothex"],
      ["an empty signature", ""],
      ["no signature", undefined],
    ])("rejects %s with status 400 and emits error", async (_case, signature) => {
      const webhooks = new Webhooks({ secret });
      const onError = vi.fn();
      webhooks.onError(onError);
      const error = await rejection(
        webhooks.verifyAndReceive({ name: "push", payload: "{}", signature: signature as string }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/signature (is missing|does not match)/);
      expect(onError).toHaveBeenCalledTimes(1);
    });

    it.each([
      ["invalid JSON", "{nope", /not valid JSON/],
      ["a number", "1", /must be a JSON object, got number/],
      ["a boolean", "true", /must be a JSON object, got boolean/],
      ["a string", '"x"', /must be a JSON object, got string/],
      ["null", "null", /must be a JSON object, got null/],
      ["an array", "[1,2]", /must be a JSON object, got an array/],
      ["an empty body", "", /not valid JSON/],
    ])("rejects a signed payload that is %s with status 400", async (_case, payload, message) => {
      const webhooks = new Webhooks({ secret });
      const handler = vi.fn();
      webhooks.onAny(handler);
      const error = await rejection(
        webhooks.verifyAndReceive({ name: "push", payload, signature: hmac(secret, payload) }),
      );
      expect(error).toBeInstanceOf(WebhookRequestError);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(message);
      expect(handler).not.toHaveBeenCalled();
    });

    it("rejects signed bytes that are not UTF-8 with status 400", async () => {
      const webhooks = new Webhooks({ secret });
      const payload = new Uint8Array([0x7b, 0xff, 0x7d]);
      const error = await rejection(
        webhooks.verifyAndReceive({ name: "push", payload, signature: hmac(secret, payload) }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/not valid UTF-8/);
    });

    it("rejects a missing event name with status 400", async () => {
      const webhooks = new Webhooks({ secret });
      const error = await rejection(
        webhooks.verifyAndReceive({ name: "", payload: "{}", signature: hmac(secret, "{}") }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/event name is missing \(x-platform-event header\)/);
    });

    it("rejects a payload that is not the raw body with a TypeError", async () => {
      const webhooks = new Webhooks({ secret });
      const error = await rejection(
        webhooks.verifyAndReceive({ name: "push", payload: {} as never, signature: "sha256=" }),
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(/payload must be the raw request body/);
    });

    it("reports every failure as a rejection, never a synchronous throw", async () => {
      const webhooks = new Webhooks({ secret });
      webhooks.on("push", () => {
        throw new Error("handler");
      });
      const deliveries = [
        null,
        { name: "push", payload: {}, signature: hmac(secret, "{}") },
        { name: "", payload: "{}", signature: hmac(secret, "{}") },
        { name: "push", payload: "{}", signature: "" },
        { name: "push", payload: "{}", signature: hmac("other", "{}") },
        { name: "push", payload: "[1]", signature: hmac(secret, "[1]") },
        { name: "push", payload: "{}", signature: hmac(secret, "{}") },
      ];
      for (const delivery of deliveries) {
        let result: Promise<void> | undefined;
        expect(() => {
          result = webhooks.verifyAndReceive(delivery as never);
        }).not.toThrow();
        await expect(result).rejects.toBeInstanceOf(Error);
      }
    });

    it("rejects with the AggregateError of failing handlers, without a status", async () => {
      const webhooks = new Webhooks({ secret });
      webhooks.on("push", () => {
        throw new Error("handler failed");
      });
      const error = (await rejection(
        webhooks.verifyAndReceive({ name: "push", payload: "{}", signature: hmac(secret, "{}") }),
      )) as unknown as AggregateError & { status?: number };
      expect(error).toBeInstanceOf(AggregateError);
      expect(error.errors[0].message).toBe("handler failed");
      expect(error.status).toBeUndefined();
    });
  });

  describe(`verifyAndReceive with dedupe (${label})`, () => {
    const signed = (id: string | undefined, payload = '{"action":"opened"}', key = secret) => ({
      id,
      name: "issues",
      payload,
      signature: hmac(key, payload),
    });

    function setup(store: DedupeStore = createMemoryDedupeStore()) {
      const webhooks = new Webhooks({
        secret,
        log: { error: (...data: unknown[]) => logged.push(data.map(String).join(" ")) },
      });
      const ran: string[] = [];
      const errors: Error[] = [];
      const logged: string[] = [];
      let fail = false;
      webhooks.onAny(async ({ id }) => {
        ran.push(id);
        if (fail) throw new Error("handler failed");
      });
      webhooks.onError((error) => {
        errors.push(error);
      });
      const failNext = (value: boolean) => {
        fail = value;
      };
      return { webhooks, ran, errors, logged, failNext, dedupe: store };
    }

    it("runs an id once, and refuses a copy with a WebhookDuplicateError (208) that is not an error event", async () => {
      const { webhooks, ran, errors, dedupe } = setup();
      await webhooks.verifyAndReceive(signed("a"), withStore(dedupe));
      const error = await rejection(webhooks.verifyAndReceive(signed("a"), withStore(dedupe)));
      expect(error).toBeInstanceOf(WebhookDuplicateError);
      expect(error.status).toBe(208);
      expect(error.message).toMatch(/delivery "a" was already accepted within the dedupe window/);
      expect(error.event).toMatchObject({ id: "a", name: "issues" });
      expect(ran).toEqual(["a"]);
      expect(errors).toEqual([]);
      await webhooks.verifyAndReceive(signed("b"), withStore(dedupe));
      expect(ran).toEqual(["a", "b"]);
    });

    it("claims nothing for a delivery that fails verification or whose body is not an object", async () => {
      const { webhooks, ran, dedupe } = setup();
      await expect(
        webhooks.verifyAndReceive(signed("c", undefined, "forged"), withStore(dedupe)),
      ).rejects.toBeInstanceOf(WebhookRequestError);
      await expect(
        webhooks.verifyAndReceive(signed("c", "[1]"), withStore(dedupe)),
      ).rejects.toBeInstanceOf(WebhookRequestError);
      await webhooks.verifyAndReceive(signed("c"), withStore(dedupe));
      expect(ran).toEqual(["c"]);
    });

    it("releases the id when handlers fail, so a redelivery runs again", async () => {
      const { webhooks, ran, failNext, dedupe } = setup();
      failNext(true);
      await expect(
        webhooks.verifyAndReceive(signed("d"), withStore(dedupe)),
      ).rejects.toBeInstanceOf(AggregateError);
      failNext(false);
      await webhooks.verifyAndReceive(signed("d"), withStore(dedupe));
      await expect(
        webhooks.verifyAndReceive(signed("d"), withStore(dedupe)),
      ).rejects.toBeInstanceOf(WebhookDuplicateError);
      expect(ran).toEqual(["d", "d"]);
    });

    it("runs one of two copies that arrive together", async () => {
      const { webhooks, ran, dedupe } = setup();
      const results = await Promise.allSettled([
        webhooks.verifyAndReceive(signed("e"), withStore(dedupe)),
        webhooks.verifyAndReceive(signed("e"), withStore(dedupe)),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(ran).toEqual(["e"]);
    });

    it("refuses a delivery without an id with status 400, before anything else", async () => {
      const { webhooks, ran, dedupe } = setup();
      const error = await rejection(
        webhooks.verifyAndReceive(signed(undefined), withStore(dedupe)),
      );
      expect(error).toBeInstanceOf(WebhookRequestError);
      expect(error.message).toMatch(
        /the delivery id is missing \(x-platform-delivery header\); options.accept needs it/,
      );
      expect(ran).toEqual([]);
    });

    it("works with a store that answers asynchronously", async () => {
      const ids = new Set<string>();
      const store: DedupeStore = {
        claim: async (id) => !ids.has(id) && Boolean(ids.add(id)),
        release: async (id) => {
          ids.delete(id);
        },
      };
      const { webhooks, ran, failNext } = setup(store);
      failNext(true);
      await expect(webhooks.verifyAndReceive(signed("f"), withStore(store))).rejects.toBeInstanceOf(
        AggregateError,
      );
      expect(ids.has("f")).toBe(false);
      failNext(false);
      await webhooks.verifyAndReceive(signed("f"), withStore(store));
      await expect(webhooks.verifyAndReceive(signed("f"), withStore(store))).rejects.toBeInstanceOf(
        WebhookDuplicateError,
      );
      expect(ran).toEqual(["f", "f"]);
    });

    it.each([
      ["rejects", () => Promise.reject(new Error("connection refused"))],
      [
        "throws",
        () => {
          throw new Error("connection refused");
        },
      ],
    ])("answers 503, running no handler, when the store's claim %s", async (_case, claim) => {
      const { webhooks, ran } = setup();
      const dedupe: DedupeStore = { claim, release: () => undefined };
      const error = await rejection(webhooks.verifyAndReceive(signed("g"), withStore(dedupe)));
      expect(error).toBeInstanceOf(WebhookUnavailableError);
      expect(error.status).toBe(503);
      expect(error.message).toBe("[typewire] the dedupe store did not answer: connection refused");
      expect(ran).toEqual([]);
    });

    it("logs a release that fails, and still rejects with the handlers' failure", async () => {
      const { webhooks, logged, failNext } = setup();
      const dedupe: DedupeStore = {
        claim: () => true,
        release: () => Promise.reject(new Error("gone")),
      };
      failNext(true);
      await expect(
        webhooks.verifyAndReceive(signed("h"), withStore(dedupe)),
      ).rejects.toBeInstanceOf(AggregateError);
      expect(logged).toEqual([
        expect.stringContaining(
          'delivery "h" failed and its dedupe claim could not be released: a redelivery within the window will be refused',
        ),
      ]);
    });

    it("hands the verified delivery, its text as received, to a queue instead of the handlers", async () => {
      const { webhooks, ran, dedupe } = setup();
      const queued: VerifiedDelivery[] = [];
      const queue = {
        enqueue: async (delivery: VerifiedDelivery) => {
          queued.push(delivery);
        },
      };
      const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"a":"é"}')]);
      await webhooks.verifyAndReceive(
        { id: "q", name: "push", payload: bytes, signature: hmac(secret, bytes) },
        { accept: withDedupe(dedupe, toQueue(queue)) },
      );
      expect(queued).toEqual([
        { id: "q", name: "push", payload: { a: "é" }, text: '\uFEFF{"a":"é"}' },
      ]);
      expect(ran).toEqual([]);
      await expect(
        webhooks.verifyAndReceive(
          { id: "q", name: "push", payload: bytes, signature: hmac(secret, bytes) },
          { accept: withDedupe(dedupe, toQueue(queue)) },
        ),
      ).rejects.toBeInstanceOf(WebhookDuplicateError);
    });

    it("releases the id when the queue cannot store the delivery", async () => {
      const { webhooks, dedupe } = setup();
      let down = true;
      const queue = {
        enqueue: async () => {
          if (down)
            throw new WebhookUnavailableError("Redis is down", { name: "issues", payload: "" });
        },
      };
      await expect(
        webhooks.verifyAndReceive(signed("r"), { accept: withDedupe(dedupe, toQueue(queue)) }),
      ).rejects.toBeInstanceOf(WebhookUnavailableError);
      down = false;
      await webhooks.verifyAndReceive(signed("r"), { accept: withDedupe(dedupe, toQueue(queue)) });
    });

    it.each([
      [
        { accept: {} },
        /options.accept must be a delivery step: withDedupe\(store\), toQueue\(queue\)/,
      ],
      [{ dedupe: createMemoryDedupeStore() }, /they replace options.dedupe and options.queue/],
      [null, /options must be an object/],
    ])("rejects bad options %j with a TypeError", async (options, message) => {
      const { webhooks, ran } = setup();
      const error = await rejection(webhooks.verifyAndReceive(signed("z"), options as never));
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toMatch(message);
      expect(ran).toEqual([]);
    });
  });
}
