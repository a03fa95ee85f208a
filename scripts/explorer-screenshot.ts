/**
 * Takes the explorer screenshot in docs/images/ (docs/emulator.md shows it): the emulator over
 * the example site, the partners schema picked, its docs open and a query answered. Needs a
 * build (`npm run build`) and Debian's chromium.
 *
 *   npm run docs:screenshot
 */
import { join } from "node:path";
import { createContentServer } from "../emulator/index.js";
import { packageRoot } from "../input/paths.js";
import { launchLocalBrowser } from "../test/helpers/chromium.js";

const QUERY = `query News($limit: Int) {
  users {
    username
  }
  entries(section: "news", limit: $limit) {
    title
  }
}
`;

const server = await createContentServer({ port: 0, watch: false });
const browser = await launchLocalBrowser({ width: 1280, height: 640 });
try {
  const { page } = browser;
  await page.goto(`${server.explorer}?schema=partners`);
  await page.locator(".graphiql-query-editor .CodeMirror").waitFor();
  await page.evaluate((query) => {
    const editors = document.querySelectorAll(".CodeMirror") as NodeListOf<
      Element & { CodeMirror: { setValue(text: string): void } }
    >;
    editors[0]!.CodeMirror.setValue(query);
  }, QUERY);
  await page.evaluate(() => {
    const variables = document.querySelector(".graphiql-editor-tool .CodeMirror") as
      (Element & { CodeMirror: { setValue(text: string): void } }) | null;
    variables?.CodeMirror.setValue('{ "limit": 2 }');
  });
  await page.click('.graphiql-sidebar button[aria-label="Show Documentation Explorer"]');
  await page.click(".graphiql-execute-button");
  await page.locator('.tw-last[data-state="answered"]').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(packageRoot, "docs/images/explorer.png") });
  if (browser.errors.length > 0 || browser.blocked.length > 0) {
    throw new Error(`the page misbehaved: ${[...browser.errors, ...browser.blocked].join("; ")}`);
  }
} finally {
  await browser.close();
  await server.close();
}
