import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentServer, createContentServer } from "../../emulator/index.js";
import { packageRoot } from "../../input/paths.js";
import { type LocalBrowser, launchLocalBrowser } from "../helpers/chromium.js";

/**
 * The explorer page in a real browser (Debian's Chromium, headless) over the real emulator and
 * the bundled example site, with every request outside 127.0.0.1 aborted: it loads, answers
 * `{ ping }`, refuses in the public schema what only the partners schema has, switches to that
 * schema (token, docs, autocompletion) and answers there, shows the cache header, sends a preview
 * token that shows a draft (never cached), keeps the history, writes a query from the fields
 * checked in the field picker, and shares a link that opens the same query in another browser
 * (a new profile). Each step leaves a screenshot
 * in test-results/explorer/ (git-ignored).
 */
const SHOTS = join(packageRoot, "test-results/explorer");
const PARTNERS_TOKEN = "nw-partners-7c1e4b9a20d35f86";
const USERS_QUERY = "{ users { username } }";
const PREVIEW_TOKEN = "nw-preview-cycle-lanes-5d1e8a42";
const PREVIEW_QUERY = "{ entry(id: 42) { id title isDraft } }";
/** Browser steps wait for what the page shows; a busy machine gets plenty of time. */
const STEP_MS = 45_000;

describe("the explorer page in Chromium", () => {
  let server: ContentServer;
  let browser: LocalBrowser;
  let page: Page;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await createContentServer({ port: 0 });
    browser = await launchLocalBrowser();
    page = browser.page;
    page.setDefaultTimeout(STEP_MS);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  }, 60_000);

  /** The emulator's own answer to a query, asked directly over HTTP. */
  async function direct(
    query: string,
    token?: string,
    url = server.url,
    preview?: string,
  ): Promise<unknown> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    if (preview) headers["x-craft-token"] = preview;
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ query }),
    });
    return response.json();
  }

  async function shot(name: string): Promise<void> {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  }

  it(
    "loads from the emulator alone, with no request outside 127.0.0.1",
    async () => {
      const response = await page.goto(`${server.origin}/explorer`);
      expect(response?.status()).toBe(200);
      await page.locator(EDITORS.query).waitFor();
      await expect.poll(() => page.locator("#tw-schema").inputValue()).toBe("public");
      await expect
        .poll(() => page.locator("#tw-schema option").allTextContents())
        .toEqual([
          expect.stringContaining("Public Schema"),
          expect.stringContaining("Partner feed"),
          expect.stringMatching(/Old archive export.*expired/),
          expect.stringMatching(/Staging preview.*disabled/),
        ]);
      await expect(page.locator(".tw-auth").textContent()).resolves.toBe("no Authorization header");
      await expect(page.locator(".tw-dev-mode").getAttribute("data-dev-mode")).resolves.toBe("on");
      await shot("1-loaded");
      expect(browser.blocked).toEqual([]);
    },
    STEP_MS * 2,
  );

  it(
    "runs { ping } in the public schema and shows the answer, its status and cache state",
    async () => {
      await setQuery(page, "{ ping }");
      await page.click(".graphiql-execute-button");
      await expect
        .poll(() => responseJson(page), { timeout: STEP_MS })
        .toEqual(await direct("{ ping }"));
      await expect
        .poll(() => lastAnswer(page), { timeout: STEP_MS })
        .toEqual({
          status: "200",
          cache: "MISS",
        });
      // The same query again comes from the result cache, and the page says so.
      await page.click(".graphiql-execute-button");
      await expect
        .poll(() => lastAnswer(page), { timeout: STEP_MS })
        .toEqual({ status: "200", cache: "HIT" });
      await shot("2-ping");
    },
    STEP_MS * 3,
  );

  it(
    "the public schema has no users: autocompletion does not offer them and the query is refused",
    async () => {
      const offered = await rootCompletions(page);
      expect(offered).toContain("ping");
      expect(offered).not.toContain("users");
      await setQuery(page, USERS_QUERY);
      await page.click(".graphiql-execute-button");
      const refused = await direct(USERS_QUERY);
      expect(JSON.stringify(refused)).toContain('Cannot query field \\"users\\"');
      await expect.poll(() => responseJson(page), { timeout: STEP_MS }).toEqual(refused);
      await shot("3-public-refuses-users");
    },
    STEP_MS * 3,
  );

  it(
    "switching to the partners schema sends its token, and docs, autocompletion and answers follow",
    async () => {
      await page.selectOption("#tw-schema", "partners");
      await expect(page.locator(".tw-auth").textContent()).resolves.toBe(
        `Authorization: Bearer ${PARTNERS_TOKEN}`,
      );
      // The docs are the partners schema's: its Query type has users.
      await page.click('.graphiql-sidebar button[aria-label="Show Documentation Explorer"]');
      await page
        .locator(".graphiql-doc-explorer a.graphiql-doc-explorer-type-name", {
          hasText: /^Query$/,
        })
        .first()
        .click();
      await page
        .locator(".graphiql-doc-explorer .graphiql-doc-explorer-field-name", { hasText: /^users$/ })
        .first()
        .waitFor();
      await expect(rootCompletions(page)).resolves.toContain("users");
      await setQuery(page, USERS_QUERY);
      await page.click(".graphiql-execute-button");
      await expect
        .poll(() => lastAnswer(page), { timeout: STEP_MS })
        .toEqual({
          status: "200",
          cache: "MISS",
        });
      const answered = await direct(USERS_QUERY, PARTNERS_TOKEN);
      expect((answered as { data: { users: unknown[] } }).data.users.length).toBeGreaterThan(0);
      await expect.poll(() => responseJson(page), { timeout: STEP_MS }).toEqual(answered);
      await expect(page.locator(".tw-last").textContent()).resolves.toContain("schema partners");
      await shot("4-partners-users");
    },
    STEP_MS * 4,
  );

  it(
    "picking a preview token sends X-Craft-Token: the answer shows the draft, never from the cache",
    async () => {
      await expect(page.locator(".tw-preview").textContent()).resolves.toBe("no X-Craft-Token");
      await page.selectOption("#tw-preview", PREVIEW_TOKEN);
      await expect(page.locator(".tw-preview").textContent()).resolves.toBe(
        `X-Craft-Token: ${PREVIEW_TOKEN}`,
      );
      await setQuery(page, PREVIEW_QUERY);
      const previewed = await direct(PREVIEW_QUERY, PARTNERS_TOKEN, server.url, PREVIEW_TOKEN);
      expect(previewed).toEqual({
        data: { entry: { id: "90", title: expect.any(String), isDraft: true } },
      });
      for (let run = 0; run < 2; run++) {
        await page.click(".graphiql-execute-button");
        await expect
          .poll(() => lastAnswer(page), { timeout: STEP_MS })
          .toEqual({ status: "200", cache: "BYPASS" });
        await expect.poll(() => responseJson(page), { timeout: STEP_MS }).toEqual(previewed);
        await expect(page.locator(".tw-last").getAttribute("data-preview")).resolves.toBe(
          PREVIEW_TOKEN,
        );
      }
      await shot("5-preview");
      // No preview: the published entry, from the result cache the second time.
      await page.selectOption("#tw-preview", "");
      await page.click(".graphiql-execute-button");
      await expect
        .poll(() => responseJson(page), { timeout: STEP_MS })
        .toEqual(await direct(PREVIEW_QUERY, PARTNERS_TOKEN));
      await page.click(".graphiql-execute-button");
      await expect
        .poll(() => lastAnswer(page), { timeout: STEP_MS })
        .toEqual({ status: "200", cache: "HIT" });
    },
    STEP_MS * 4,
  );

  it(
    "keeps every query run in the history",
    async () => {
      await page.click('.graphiql-sidebar button[aria-label="Show History"]');
      const labels = page.locator(".graphiql-history-item-label");
      const shown = async () => (await labels.allTextContents()).map((text) => text.trim());
      // Newest first: the preview query, and before it the partners query and { ping }.
      await expect
        .poll(shown, { timeout: STEP_MS })
        .toEqual(expect.arrayContaining([PREVIEW_QUERY, USERS_QUERY, "{ ping }"]));
      expect((await shown())[0]).toBe(PREVIEW_QUERY);
      await shot("6-history");
    },
    STEP_MS * 2,
  );

  it(
    "with dev mode off, says so and what changes, and shows a query's unknown field dropped",
    async () => {
      const production = await createContentServer({ port: 0, devMode: false });
      try {
        await page.goto(production.explorer);
        await page.locator(EDITORS.query).waitFor();
        const note = page.locator(".tw-dev-mode");
        await expect(note.getAttribute("data-dev-mode")).resolves.toBe("off");
        await expect(note.textContent()).resolves.toMatch(/dropped from the query/);
        const query = "{ ping notAField }";
        await setQuery(page, query);
        await page.click(".graphiql-execute-button");
        const answer = await direct(query, undefined, production.url);
        // Dev mode on refuses the field; off drops it and answers the rest.
        expect(await direct(query)).toHaveProperty("errors");
        expect(answer).toEqual(await direct("{ ping }"));
        await expect.poll(() => responseJson(page), { timeout: STEP_MS }).toEqual(answer);
        await shot("7-dev-mode-off");
      } finally {
        await production.close();
      }
    },
    STEP_MS * 3,
  );

  it(
    "the field picker (GraphiQL's Explorer plugin) lists the picked schema's fields and writes the query checked",
    async () => {
      await page.goto(`${server.origin}/explorer?schema=partners`);
      await page.locator(EDITORS.query).waitFor();
      await setQuery(page, "");
      await page.click('.graphiql-sidebar button[aria-label="Show GraphiQL Explorer"]');
      const picker = page.locator(".graphiql-explorer-root");
      // The partners schema's root fields, users among them (the public schema has none).
      await picker.locator('[data-field-name="users"]').first().waitFor();
      await picker.locator('[data-field-name="ping"]').first().click();
      await expect.poll(() => queryText(page), { timeout: STEP_MS }).toMatch(/\{\s*ping\s*\}/);
      await page.click(".graphiql-execute-button");
      await expect
        .poll(() => responseJson(page), { timeout: STEP_MS })
        .toEqual(await direct("{ ping }", PARTNERS_TOKEN));
      // The picker shows what the query selects: ping's box checked (the plugin fills a checked
      // box with the theme's info colour), users' not.
      const checked = (field: string) =>
        picker.locator(`[data-field-name="${field}"] svg[style*="color-info"]`).count();
      await expect.poll(() => checked("ping"), { timeout: STEP_MS }).toBe(1);
      await expect(checked("users")).resolves.toBe(0);
      await picker.locator('[data-field-name="users"]').first().waitFor({ state: "visible" });
      await shot("8-field-picker");
    },
    STEP_MS * 3,
  );

  it(
    "a shared link opens the same query, variables and schema in another browser, ready to run",
    async () => {
      const query = "query Users($limit: Int) { users(limit: $limit) { username } }";
      await setQuery(page, query);
      await setVariables(page, '{ "limit": 1 }');
      await page.click(".tw-share-button");
      const link = await page.locator("#tw-share-link").inputValue();
      const url = new URL(link);
      expect(url.origin + url.pathname).toBe(`${server.origin}/explorer`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        schema: "partners",
        query,
        variables: '{ "limit": 1 }',
      });
      // The address bar holds it too, for the browser's own share and bookmark.
      expect(page.url()).toBe(link);
      await shot("9-share-link");
      // A colleague's browser: a new profile, nothing stored, the link alone.
      const other = await launchLocalBrowser();
      try {
        other.page.setDefaultTimeout(STEP_MS);
        await other.page.goto(link);
        await other.page.locator(EDITORS.query).waitFor();
        await expect(other.page.locator("#tw-schema").inputValue()).resolves.toBe("partners");
        await expect.poll(() => queryText(other.page)).toBe(query);
        await expect.poll(() => variablesText(other.page)).toBe('{ "limit": 1 }');
        await other.page.click(".graphiql-execute-button");
        const answered = await fetch(server.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${PARTNERS_TOKEN}`,
          },
          body: JSON.stringify({ query, variables: { limit: 1 } }),
        }).then((response) => response.json());
        expect((answered as { data: { users: unknown[] } }).data.users).toHaveLength(1);
        await expect.poll(() => responseJson(other.page), { timeout: STEP_MS }).toEqual(answered);
        expect(other.errors).toEqual([]);
        expect(other.blocked).toEqual([]);
      } finally {
        await other.close();
      }
    },
    STEP_MS * 4,
  );

  it("logged no console error and tried no request outside 127.0.0.1", () => {
    expect(browser.errors).toEqual([]);
    expect(browser.blocked).toEqual([]);
  });
});

/** GraphiQL's editors on the page, each a CodeMirror instance. */
const EDITORS = {
  query: ".graphiql-query-editor .CodeMirror",
  variables: ".graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror",
  result: ".result-window .CodeMirror",
} as const;

interface CodeMirrorElement extends Element {
  CodeMirror: { getValue(): string; setValue(text: string): void };
}

/** Replaces the text of one of GraphiQL's editors. */
async function setEditor(page: Page, editor: "query" | "variables", text: string): Promise<void> {
  await page.evaluate(
    ([selector, value, name]) => {
      const element = document.querySelector(selector) as CodeMirrorElement | null;
      if (!element) throw new Error(`no ${name} editor on the page`);
      element.CodeMirror.setValue(value);
    },
    [EDITORS[editor], text, editor] as const,
  );
}

/** The text of one of GraphiQL's editors ("" while it is not on the page). */
function editorText(page: Page, editor: keyof typeof EDITORS): Promise<string> {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector) as CodeMirrorElement | null;
    return element?.CodeMirror.getValue() ?? "";
  }, EDITORS[editor]);
}

const setQuery = (page: Page, text: string) => setEditor(page, "query", text);
const setVariables = (page: Page, text: string) => setEditor(page, "variables", text);
const queryText = (page: Page) => editorText(page, "query");
const variablesText = (page: Page) => editorText(page, "variables");

/** The response pane's text as JSON; undefined while it holds none. */
async function responseJson(page: Page): Promise<unknown> {
  const text = await editorText(page, "result");
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The status and cache header of the last answer, as the line under the response shows them. */
async function lastAnswer(page: Page): Promise<{ status: string | null; cache: string | null }> {
  const line = page.locator(".tw-last");
  return {
    status: await line.getAttribute("data-status"),
    cache: await line.getAttribute("data-cache"),
  };
}

/** Types `{ ` into an empty query editor, asks for completions and returns the names offered. */
async function rootCompletions(page: Page): Promise<string[]> {
  await setQuery(page, "");
  await page.click(".graphiql-query-editor .CodeMirror");
  await page.keyboard.type("{ ", { delay: 20 });
  await page.keyboard.press("Control+Space");
  const hints = page.locator(".CodeMirror-hints .CodeMirror-hint");
  await hints.first().waitFor();
  const names = await hints.allTextContents();
  await page.keyboard.press("Escape");
  return names;
}
