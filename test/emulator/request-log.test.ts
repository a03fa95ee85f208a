import { afterEach, expect, it } from "vitest";
import {
  type ContentServer,
  type RequestLogEntry,
  formatRequestLine,
} from "../../emulator/index.js";
import { PARTNER_TOKEN, startServer } from "./emulator-harness.js";

let server: ContentServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function ping(url: string, token?: string): Promise<Response> {
  return fetch(`${url}?query=${encodeURIComponent("{ping}")}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

it("createContentServer reports each answered request to the logger's request method", async () => {
  const entries: RequestLogEntry[] = [];
  server = await startServer({
    logger: { info() {}, error() {}, request: (entry) => entries.push(entry) },
  });
  const before = Date.now();
  await ping(server.url);
  await ping(server.url);
  await ping(server.url, PARTNER_TOKEN);
  await ping(server.url, "wrong");
  await fetch(server.url, { method: "DELETE" });
  const after = Date.now();
  expect(entries.map(({ time: _, ms: __, ...rest }) => rest)).toEqual([
    { method: "GET", schema: "public", status: 200, cache: "MISS" },
    { method: "GET", schema: "public", status: 200, cache: "HIT" },
    { method: "GET", schema: "partners", status: 200, cache: "MISS" },
    { method: "GET", schema: undefined, status: 400, cache: undefined },
    { method: "DELETE", schema: undefined, status: 405, cache: undefined },
  ]);
  for (const entry of entries) {
    expect(entry.ms).toBeGreaterThanOrEqual(0);
    // Whole milliseconds either side: the entry's time is computed from a finer clock.
    expect(entry.time).toBeGreaterThanOrEqual(before - 1);
    expect(entry.time).toBeLessThanOrEqual(after + 1);
    expect(JSON.stringify(entry)).not.toContain(PARTNER_TOKEN);
  }
});

it("a request logger that throws changes no answer and stops nothing", async () => {
  let calls = 0;
  server = await startServer({
    logger: {
      info() {},
      error() {},
      request() {
        calls++;
        throw new Error("the log is broken");
      },
    },
  });
  for (let i = 0; i < 2; i++) {
    const response = await ping(server.url);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { ping: "pong" } });
  }
  expect(calls).toBe(2);
});

it("formatRequestLine writes time of day, method, schema, status, cache state and duration", () => {
  const time = new Date(2026, 5, 1, 9, 5, 7, 42).getTime();
  expect(
    formatRequestLine({
      time,
      method: "POST",
      schema: "partners",
      status: 200,
      cache: "HIT",
      ms: 0.04,
    }),
  ).toBe("09:05:07.042 POST    partners     200 HIT        0.0 ms");
  expect(
    formatRequestLine({
      time,
      method: "GET",
      schema: undefined,
      status: 400,
      cache: undefined,
      ms: 12.345,
    }),
  ).toBe("09:05:07.042 GET     -            400 -         12.3 ms");
});
