import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIG_ELEMENT_ID, type ExplorerPageConfig } from "../../emulator/explorer-config.js";
import type { ContentServer } from "../../emulator/index.js";
import { bundledFile } from "../../input/paths.js";
import {
  ARCHIVE_TOKEN,
  NOW,
  PARTNER_TOKEN,
  STAGING_TOKEN,
  exampleSite,
  startServer,
} from "./emulator-harness.js";

/** The config the page carries, read back out of its HTML. */
function pageConfig(html: string): ExplorerPageConfig {
  const match = new RegExp(
    `<script type="application/json" id="${CONFIG_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  expect(match, "the page has no config element").not.toBeNull();
  return JSON.parse(match![1]!) as ExplorerPageConfig;
}

async function page(url: string): Promise<{ response: Response; html: string }> {
  const response = await fetch(url);
  return { response, html: await response.text() };
}

describe("the explorer page the emulator serves", () => {
  let server: ContentServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it("is at /explorer and at /, as HTML that is never cached, under a CSP of its own files", async () => {
    expect(server.explorer).toBe(`${server.origin}/explorer`);
    for (const path of ["/explorer", "/explorer/", "/"]) {
      const { response, html } = await page(server.origin + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toMatch(/https?:|'unsafe-eval'/);
      expect(html).toContain('<script type="module" src="/explorer/explorer.js"></script>');
      // Every file the page names is the emulator's own: nothing from another host.
      const refs = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
      expect(refs.filter((ref) => !/^(\/explorer\/|data:)/.test(ref!))).toEqual([]);
    }
  });

  it("lists every schema of the site, public first, each private one with its token, the unusable ones marked; and the preview tokens", async () => {
    const config = pageConfig((await page(server.explorer)).html);
    expect(config).toEqual({
      endpoint: "/api",
      devMode: true,
      caching: true,
      cacheHeader: "X-Typewire-Cache",
      schemas: [
        { handle: "public", name: "Public Schema", token: null, unusable: null },
        { handle: "partners", name: "Partner feed", token: PARTNER_TOKEN, unusable: null },
        {
          handle: "archive",
          name: "Old archive export",
          token: ARCHIVE_TOKEN,
          unusable: `expired ${exampleSite().schemas.archive!.expiryDate}`,
        },
        { handle: "staging", name: "Staging preview", token: STAGING_TOKEN, unusable: "disabled" },
      ],
      previewHeader: "X-Craft-Token",
      previewTokens: exampleSite().previewTokens!.map((token) => ({
        token: token.token,
        previews: expect.any(String),
        unusable:
          Date.parse(token.expiryDate) <= NOW.getTime() ? `expired ${token.expiryDate}` : null,
      })),
    });
    // Each token says what it shows; the expired one is marked so.
    expect(config.previewTokens.map((token) => token.previews)).toEqual([
      'draft 1 "Headline rewrite" of entry 42 "New cycle lanes open along the river"',
      'unpublished draft 3 "First draft"',
      `user 1's provisional draft of entry 40 "Offshore wind farm reaches full output", else the entry`,
      'draft 4 "Team page refresh" of entry 51 "Our team"',
      'draft 1 "Headline rewrite" of entry 42 "New cycle lanes open along the river"',
    ]);
    expect(config.previewTokens.filter((token) => token.unusable !== null)).toHaveLength(1);
    // The expiry is judged by the server's clock, as requests are.
    expect(Date.parse(exampleSite().schemas.archive!.expiryDate!)).toBeLessThan(NOW.getTime());
  });

  it("serves the built script and style sheet from the package with their content types", async () => {
    for (const [file, type] of [
      ["explorer.js", "text/javascript; charset=utf-8"],
      ["explorer.css", "text/css; charset=utf-8"],
    ] as const) {
      const response = await fetch(`${server.origin}/explorer/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(await readFile(bundledFile(`dist/explorer/${file}`)))).toBe(true);
    }
  });

  it("answers HEAD without a body and refuses other methods with 405", async () => {
    const head = await fetch(`${server.origin}/explorer/explorer.js`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
    expect(await head.text()).toBe("");
    const post = await fetch(server.explorer, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("serves no other file: unknown names and paths that climb out are 404s that name the explorer", async () => {
    for (const path of [
      "/explorer/explorer.js.LEGAL.txt",
      "/explorer/missing.js",
      "/explorer/../package.json",
      "/explorer/%2e%2e/package.json",
      "/explorer/..%2fpackage.json",
      "/explorer/explorer.jsx",
    ]) {
      const response = await fetch(server.origin + path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).message).toContain("the explorer is at /explorer");
    }
  });
});

describe("the explorer page under other settings", () => {
  it("says when dev mode and caching are off", async () => {
    const server = await startServer({ devMode: false, enableGraphQlCaching: false });
    try {
      const config = pageConfig((await page(server.explorer)).html);
      expect(config.devMode).toBe(false);
      expect(config.caching).toBe(false);
    } finally {
      await server.close();
    }
  });

  it("lists the config's schemas when they replace the site's, and escapes what could close its script element", async () => {
    const name = "</script><script>alert(1)</script>";
    const server = await startServer({
      schemas: {
        mine: { name, enabled: true, accessToken: "tok-1", scope: {} },
      },
    });
    try {
      const { html } = await page(server.explorer);
      expect(html).not.toContain("<script>alert(1)");
      expect(pageConfig(html).schemas).toEqual([
        { handle: "mine", name, token: "tok-1", unusable: null },
      ]);
    } finally {
      await server.close();
    }
  });

  it("leaves / to the endpoint when that is its route, and /explorer when that is", async () => {
    const atRoot = await startServer({ route: "/" });
    try {
      expect(atRoot.explorer).toBe(`${atRoot.origin}/explorer`);
      const api = await fetch(`${atRoot.origin}/?query=${encodeURIComponent("{ping}")}`);
      expect(await api.json()).toEqual({ data: { ping: "pong" } });
      expect((await page(atRoot.explorer)).response.headers.get("content-type")).toMatch(
        /^text\/html/,
      );
    } finally {
      await atRoot.close();
    }
    const atExplorer = await startServer({ route: "/explorer" });
    try {
      expect(atExplorer.explorer).toBe(`${atExplorer.origin}/`);
      const api = await fetch(
        `${atExplorer.origin}/explorer?query=${encodeURIComponent("{ping}")}`,
      );
      expect(await api.json()).toEqual({ data: { ping: "pong" } });
      const { html } = await page(atExplorer.explorer);
      expect(pageConfig(html).endpoint).toBe("/explorer");
    } finally {
      await atExplorer.close();
    }
  });
});
