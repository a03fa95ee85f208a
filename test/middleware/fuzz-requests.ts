import { createHmac } from "node:crypto";
import { seededRandom } from "../helpers/seeded-random.js";

// Random malformed deliveries for the fuzz test, from a fixed seed so a failure replays
// (FUZZ_SEED=... npx vitest run test/middleware/fuzz.test.ts).

export const SECRET = "fuzz-secret";
export const PATH = "/api/platform/webhooks";
export const MAX_BODY = 4096;
/** A payload whose `action` is this makes the test handler throw. */
export const FAIL_MARKER = "__make_the_handler_fail__";

export interface Fuzzed {
  /** Sequence number, unique per request; the node run sends it as `x-fuzz-id`. */
  n: number;
  method: string;
  path: string;
  /** Name/value pairs in order; a name may repeat. */
  headers: [string, string][];
  body: Buffer;
  /** How a node client frames the body: a content-length, chunked, or no body at all. */
  framing: "length" | "chunked" | "none";
}

/** What the handler should answer when a payload asks it to fail: its own status when valid. */
export function failureStatus(requested: unknown): number {
  return typeof requested === "number" &&
    Number.isInteger(requested) &&
    requested >= 400 &&
    requested <= 599
    ? requested
    : 500;
}

/** A seeded generator of fuzzed requests. `web` allows the header bytes only `Headers` takes. */
export function createFuzzer(seed: number, target: "node" | "web") {
  let sequence = 0;
  const { random, pick, chance } = seededRandom(seed);
  const printable = (max: number) => {
    let text = "";
    const length = Math.floor(random() * max);
    for (let i = 0; i < length; i++) text += String.fromCharCode(33 + Math.floor(random() * 94));
    return text;
  };
  const bytes = (max: number) => {
    const out = Buffer.alloc(Math.floor(random() * max));
    for (let i = 0; i < out.length; i++) out[i] = Math.floor(random() * 256);
    return out;
  };
  const sign = (body: Buffer) =>
    `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;

  // Header values beyond printable ASCII, as far as each client lets them through: node sends
  // tabs and latin1 bytes (0x80-0xff); `Headers` also takes control bytes except NUL, CR, LF.
  const oddChars =
    target === "web"
      ? ["\t", "é", "\xff", "\x80", "\x01", "\x1f", "\x7f", "\x0b", " "]
      : ["\t", "é", "\xff", "\x80", " "];
  const headerValue = (max: number) => {
    let text = printable(max);
    for (let i = Math.floor(random() * 4); i > 0; i--) {
      const at = Math.floor(random() * (text.length + 1));
      text = text.slice(0, at) + pick(oddChars) + text.slice(at);
    }
    return text.trim() || "x";
  };

  const body = (n: number): Buffer => {
    switch (Math.floor(random() * 9)) {
      case 0:
        return bytes(600);
      case 1:
        return Buffer.from(pick(["1", "null", "true", '"x"', "[]", "[1,2]", "-0", "1e999", ""]));
      case 2:
        return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"action":"opened"}')]);
      case 3:
        return Buffer.from([0x7b, 0xc3, 0x28, 0x7d]);
      case 4:
        return Buffer.from(
          JSON.stringify({ pad: "x".repeat(MAX_BODY + Math.floor(random() * 4000)) }),
        );
      case 5:
        // `n` ties the failure the handler records to this request.
        return Buffer.from(
          JSON.stringify({
            action: FAIL_MARKER,
            n,
            status: pick([undefined, 422, 503, 299, 600, "500"]),
          }),
        );
      case 6:
        return Buffer.from(`{"action":"opened","issue":{"number":${Math.floor(random() * 1e6)}}`);
      default:
        return Buffer.from(
          JSON.stringify({ action: pick(["opened", "closed", "x"]), n: printable(200) }),
        );
    }
  };

  // Half the requests aim at the path, so most of the rest get past matching.
  const path = () =>
    chance(0.45)
      ? PATH
      : pick([
          `${PATH}/`,
          `${PATH}?x=${printable(10)}`,
          `${PATH}//`,
          `${PATH}#${printable(10)}`,
          `${PATH}?a=%zz#frag`,
          `${PATH}%2F`,
          "/api/platform/%77ebhooks",
          "/api/platform/x/../webhooks",
          "/api/platform/x/%2e%2e/webhooks",
          "/%",
          "/%zz",
          "/#",
          "/",
          "/api/platform",
          `${PATH}x`,
          `/${printable(60)}`,
          `/${"a".repeat(3000)}`,
          "*",
          "http://[::1",
          `http://[::1${PATH}`,
          "http://",
          `http://example.test${PATH}?q=1`,
          `HTTPS://user:pass@example.test${PATH}`,
          `//example.test${PATH}`,
        ]);

  // A valid signed delivery of 0.5 to 3.5 KB: the middleware reads, verifies and hands over
  // its body, so a body kept after its request would show in the memory check.
  const wellFormed = (n: number): Fuzzed => {
    const action = pick(["opened", "opened", "closed", FAIL_MARKER]);
    const payload = Buffer.from(
      JSON.stringify({
        action,
        n,
        issue: { number: n },
        pad: "x".repeat(500 + Math.floor(random() * 3000)),
      }),
    );
    return {
      n,
      method: "POST",
      path: pick([PATH, `${PATH}/`, `${PATH}?attempt=${n}`]),
      headers: [
        ["content-type", pick(["application/json", "application/json; charset=utf-8"])],
        ["x-platform-event", "issues"],
        ["x-platform-delivery", `delivery-${n}`],
        ["x-hub-signature-256", sign(payload)],
      ],
      body: payload,
      framing: chance(0.7) ? "length" : "chunked",
    };
  };

  return {
    random,
    chance,
    printable,
    sign,
    next(): Fuzzed {
      const n = sequence++;
      if (chance(0.25)) return wellFormed(n);
      const payload = body(n);
      const headers: [string, string][] = [];
      const add = (name: string, value: string) => {
        headers.push([name, value]);
        // Duplicates: node joins most of them with ", ", keeps the first content-type.
        if (chance(0.04)) headers.push([name, chance(0.5) ? value : headerValue(20)]);
      };
      if (chance(0.85)) {
        add(
          "content-type",
          pick([
            "application/json",
            "APPLICATION/JSON; charset=utf-8",
            "application/json;;",
            "application/json; charset=\xe9",
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/jsonx",
            "multipart/form-data; boundary=x",
            headerValue(40),
          ]),
        );
      }
      if (chance(0.85))
        add("x-platform-event", pick(["issues", "push", "ping", "issu\xe9s", headerValue(30)]));
      if (chance(0.85)) add("x-platform-delivery", headerValue(40));
      if (chance(0.85)) {
        add(
          "x-hub-signature-256",
          chance(0.6)
            ? sign(payload)
            : pick([
                "sha256=",
                "sha256=zz",
                `sha1=${"0".repeat(40)}`,
                sign(bytes(10)),
                `${sign(payload)}\t`,
                `sha256=\xff${"0".repeat(63)}`,
                headerValue(80),
              ]),
        );
      }
      for (let i = Math.floor(random() * 3); i > 0; i--)
        add(`x-fuzz-${printable(8).replace(/[^a-z]/gi, "") || "h"}`, headerValue(50));
      const method = chance(0.7)
        ? "POST"
        : pick(["GET", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]);
      const withBody = method !== "GET" && method !== "HEAD";
      // node's client frames DELETE and OPTIONS bodies only with an explicit length; POST,
      // PUT and PATCH go chunked when none is set, which tests the streaming limit.
      const framing = !withBody
        ? "none"
        : chance(0.7) || method === "DELETE" || method === "OPTIONS"
          ? "length"
          : "chunked";
      return { n, method, path: path(), headers, body: payload, framing };
    },
  };
}
