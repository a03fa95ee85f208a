import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentServer } from "../../emulator/index.js";
import type { Site } from "../../site/site-model.js";
import { exampleSite, post, startServer } from "./emulator-harness.js";

/** The example site with `copies` more news articles, each a copy of entry 40 without blocks. */
function largeSite(copies: number): Site {
  const site = exampleSite();
  const entries = site.content.entries as unknown as Record<string, unknown>[];
  const model = entries.find((entry) => entry.id === 40)!;
  for (let i = 0; i < copies; i++) {
    const id = 100_000 + i;
    entries.push({
      ...model,
      id,
      uid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
      title: `Copy ${i} of the wind farm story`,
      slug: `copy-${i}`,
      uri: `news/copy-${i}`,
      fields: { ...(model.fields as object), articleBody: [] },
    });
  }
  return site;
}

let server: ContentServer;
beforeAll(async () => {
  server = await startServer({ siteData: largeSite(1000), enableGraphQlCaching: false });
});
afterAll(() => server.close());

/**
 * Sends `query`, then one {ping} after another until its answer comes; resolves with the attack's
 * answer and how many pings were answered while it ran. The first ping may overtake an attack
 * that has not started yet; every later one is sent after an answer, so while the attack is
 * running: a server that runs it in one go answers none of them before it.
 */
async function pingsDuring(query: string, variables: Record<string, unknown>) {
  let done = false;
  const attack = post(server, query, { variables }).finally(() => {
    done = true;
  });
  let answered = 0;
  while (!done) {
    const ping = await post(server, "{ ping }");
    expect(ping.body).toEqual({ data: { ping: "pong" } });
    if (!done) answered++;
  }
  return { answered, attackReply: await attack };
}

// Each attack below runs for a second or more by design; the timeout leaves room on a busy machine.
describe("element queries over a large site with huge arguments", { timeout: 60_000 }, () => {
  it("answer {ping} while 20,000 distinct search terms are tested against 1,000 entries", async () => {
    const terms = Array.from({ length: 20_000 }, (_, i) => `-absent${i}`).join(" ");
    const { answered, attackReply } = await pingsDuring(
      'query($s: String) { entries(search: $s, orderBy: "id DESC", limit: 2) { id } }',
      { s: terms },
    );
    expect(answered).toBeGreaterThanOrEqual(2);
    // No entry holds any of the terms, so every live entry is found.
    expect(attackReply.body).toEqual({ data: { entries: [{ id: "100999" }, { id: "100998" }] } });
  });

  it("answer {ping} while a 10,000-id list with fixedOrder is matched and ordered", async () => {
    const ids = [
      ...Array.from({ length: 10_000 }, (_, i) => 200_000 + i),
      ...Array.from({ length: 1000 }, (_, i) => 100_999 - i),
    ];
    const { answered, attackReply } = await pingsDuring(
      "query($ids: [QueryArgument]) { entries(id: $ids, fixedOrder: true, limit: 3) { id } }",
      { ids },
    );
    expect(answered).toBeGreaterThanOrEqual(2);
    expect(attackReply.body).toEqual({
      data: { entries: [{ id: "100999" }, { id: "100998" }, { id: "100997" }] },
    });
  });
});

describe("search and orderBy give the same answers however often a term or column repeats", () => {
  it("counts a repeated search term once per repetition, before each row's score is rounded", async () => {
    const scores = async (search: string) => {
      const reply = await post(
        server,
        "query($s: String) { entries(search: $s, id: [40, 100000], fixedOrder: true) { id searchScore } }",
        { variables: { s: search } },
      );
      return reply.body.data?.entries;
    };
    // "turbines" is 1 of the 11 words of both summaries (10 / 11, rounded: 1) and 1 of the 41
    // words of entry 40's article body (10 / 41: 0); the copy has no article body. Three times
    // over: 30 / 11 rounds to 3, and 30 / 41 to 1.
    expect(await scores("turbines")).toEqual([
      { id: "40", searchScore: "1" },
      { id: "100000", searchScore: "1" },
    ]);
    expect(await scores("turbines turbines turbines")).toEqual([
      { id: "40", searchScore: "4" },
      { id: "100000", searchScore: "3" },
    ]);
  });

  it("orders by the first mention of a column, ignoring it named again", async () => {
    const plain = await post(server, '{ entries(orderBy: "title DESC", limit: 5) { id } }');
    const long = Array.from({ length: 5000 }, (_, i) => (i % 2 ? "title ASC" : "title DESC")).join(
      ",",
    );
    const again = await post(
      server,
      "query($o: String) { entries(orderBy: $o, limit: 5) { id } }",
      {
        variables: { o: long },
      },
    );
    expect(again.body.data).toEqual(plain.body.data);
  });
});
