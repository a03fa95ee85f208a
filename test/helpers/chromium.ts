import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, type Page, chromium } from "playwright-core";

/** Debian's `chromium` package; `.ci/run` installs it when it is missing. */
export const CHROMIUM = "/usr/bin/chromium";

/** A headless Chromium on a fresh profile that may reach 127.0.0.1 and nothing else. */
export interface LocalBrowser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions of the page, in order. */
  errors: string[];
  /** Every request the page tried outside 127.0.0.1 (each was aborted). */
  blocked: string[];
  /** Closes the browser and removes its profile folder. */
  close(): Promise<void>;
}

/**
 * Starts the system Chromium through playwright-core (no browser download) with a new profile
 * folder, without background networking, and with every request to a host other than
 * 127.0.0.1 aborted and recorded: a page that loads here needs no network.
 *
 * @example
 * const browser = await launchLocalBrowser();
 * await browser.page.goto(server.origin);
 * await browser.close();
 */
export async function launchLocalBrowser(
  viewport = { width: 1280, height: 760 },
): Promise<LocalBrowser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: the explorer's browser test drives Debian's chromium package (sudo apt-get install chromium fonts-liberation; .ci/run installs it when missing)`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), "typewire-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      viewport,
      timeout: 60_000,
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  const errors: string[] = [];
  const blocked: string[] = [];
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === "127.0.0.1") return route.continue();
    blocked.push(url.href);
    return route.abort("internetdisconnected");
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return {
    context,
    page,
    errors,
    blocked,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
