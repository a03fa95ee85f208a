import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Watcher, watch } from "../../generator/watch.js";
import type { WriteResult } from "../../generator/writer.js";
import { type TestServer, startTestServer } from "./graphql-test-server.js";

const TOKEN = "watch-token-0123456789";
const sdl = (fields: string) => `scalar DateTime\ntype Query {\n  ping: String\n${fields}}\n`;

let dir: string;
let server: TestServer;
let watcher: Watcher | undefined;
const runs: WriteResult[] = [];
const errors: unknown[] = [];

async function waitFor(what: string, predicate: () => boolean, timeoutMs = 8000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "typewire-watch-"));
  server = await startTestServer(new Map([[TOKEN, buildSchema(sdl("  remote: String\n"))]]));
  await writeFile(join(dir, "local.graphql"), sdl("  local: String\n"));
  await writeFile(
    join(dir, "typewire.config.json"),
    JSON.stringify({
      content: {
        out: "out",
        pollSeconds: 1,
        schemas: {
          local: { file: "local.graphql" },
          remote: { endpoint: `${server.origin}/api`, token: TOKEN },
        },
      },
    }),
  );
});
afterAll(async () => {
  watcher?.close();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe("typewire generate --watch with content schemas", () => {
  it("regenerates on a schema file change, polls the endpoint, and regenerates only when its schema changed", async () => {
    watcher = await watch(undefined, dir, {
      onGenerated: (r) => runs.push(r),
      onError: (e) => errors.push(e),
    });
    expect(runs).toHaveLength(1);
    expect(runs[0]?.written).toContain("out/remote/types.ts");

    await writeFile(join(dir, "local.graphql"), sdl("  local: String\n  added: DateTime\n"));
    await waitFor("the file change to regenerate", () => runs.length === 2);
    expect(runs[1]?.written).toEqual(["out/local/query.ts", "out/local/types.ts"]);
    expect(await readFile(join(dir, "out/local/types.ts"), "utf8")).toContain(
      'added?: Maybe<Scalars["DateTime"]["output"]>;',
    );

    // Polls that find the same schema do not regenerate.
    const polled = server.requests.length;
    await waitFor("two polls", () => server.requests.length >= polled + 2);
    expect(runs).toHaveLength(2);

    server.schemas.set(TOKEN, buildSchema(sdl("  remote: String\n  renamed: Int\n")));
    await waitFor("the endpoint change to regenerate", () => runs.length === 3);
    expect(runs[2]?.written).toEqual(["out/remote/query.ts", "out/remote/types.ts"]);
    expect(await readFile(join(dir, "out/remote/types.ts"), "utf8")).toContain("renamed?: Maybe<");
    expect(errors).toEqual([]);
  });

  it("reports an endpoint that stops answering once, and keeps watching", async () => {
    server.schemas.delete(TOKEN);
    await waitFor("the failed poll to be reported", () => errors.length === 1);
    expect(String(errors[0])).toMatch(/Invalid Authorization header/);
    const polled = server.requests.length;
    server.schemas.set(TOKEN, buildSchema(sdl("  remote: String\n  renamed: Int\n")));
    await waitFor("the endpoint to answer again", () => server.requests.length > polled);
    expect(errors).toHaveLength(1);
  });
});
