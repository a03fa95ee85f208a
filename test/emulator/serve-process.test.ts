import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { expect, it } from "vitest";
import { tempDir } from "../helpers/temp-project.js";
import { serveProcess as serve } from "./serve-process-harness.js";

async function post(url: string, query: string): Promise<{ data?: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  return response.json();
}

const stamp = {
  dateCreated: "2024-01-01T00:00:00+00:00",
  dateUpdated: "2024-01-01T00:00:00+00:00",
};

/** A user's own small site: one channel of dishes, one cook. */
const kitchen = {
  site: {
    id: 1,
    handle: "kitchen",
    name: "Test Kitchen",
    language: "en",
    baseUrl: "https://kitchen.example/",
  },
  fields: { serves: { id: 1, name: "Serves", kind: "number", decimals: 0 } },
  sections: {
    recipes: {
      id: 1,
      name: "Recipes",
      type: "channel",
      uriFormat: "recipes/{slug}",
      entryTypes: { dish: { id: 1, name: "Dish", fields: ["serves"] } },
    },
  },
  volumes: {},
  categoryGroups: {},
  tagGroups: {},
  globalSets: {},
  userGroups: { cooks: { id: 1, name: "Cooks" } },
  userFields: [],
  schemas: {
    public: { name: "Public", public: true, enabled: true, scope: { sections: ["recipes"] } },
  },
  content: {
    entries: [
      {
        id: 10,
        uid: "00000000-0000-4000-8000-000000000010",
        section: "recipes",
        type: "dish",
        title: "Fish soup",
        slug: "fish-soup",
        uri: "recipes/fish-soup",
        postDate: "2024-01-01T00:00:00+00:00",
        authorId: 1,
        fields: { serves: 4 },
        ...stamp,
      },
    ],
    assets: [],
    categories: [],
    tags: [],
    globalSets: [],
    users: [
      {
        id: 1,
        uid: "00000000-0000-4000-8000-000000000001",
        username: "cook",
        email: "cook@kitchen.example",
        groups: ["cooks"],
        status: "active",
        ...stamp,
      },
    ],
  },
};

it("typewire serve --site serves the types and content of the user's own site", async () => {
  const dir = await tempDir("typewire-serve-site-");
  await writeFile(join(dir, "kitchen.json"), JSON.stringify(kitchen, null, 2));
  const { url, output } = await serve(dir, ["--site", "kitchen.json"]);
  expect(output()).toContain(`site: ${join(dir, "kitchen.json")}`);
  const introspection = await post(url, "{ __schema { types { name } } }");
  const names = (introspection.data!.__schema as { types: { name: string }[] }).types.map(
    (t) => t.name,
  );
  expect(names).toContain("recipes_dish_Entry");
  expect(names).not.toContain("news_article_Entry");
  expect(names).not.toContain("images_Asset");
  expect(await post(url, "{ entries { title ... on recipes_dish_Entry { serves } } }")).toEqual({
    data: { entries: [{ title: "Fish soup", serves: 4 }] },
  });
});

it("typewire serve --host binds the address given, over the config file's", async () => {
  const dir = await tempDir("typewire-serve-host-");
  await writeFile(join(dir, "serve.json"), JSON.stringify({ host: "localhost" }));
  const { url } = await serve(dir, ["--config", "serve.json", "--host", "127.0.0.1"]);
  const address = /^http:\/\/127\.0\.0\.1:(\d+)\/api$/.exec(url);
  expect(address, url).not.toBeNull();
  const socket = connect(Number(address![1]), "127.0.0.1");
  await once(socket, "connect");
  expect(socket.remoteAddress).toBe("127.0.0.1");
  socket.destroy();
  expect(await post(url, "{ping}")).toEqual({ data: { ping: "pong" } });
});
