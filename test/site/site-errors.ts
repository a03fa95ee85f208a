import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { GeneratorError } from "../../input/errors.js";
import { packageRoot } from "../../input/paths.js";
import { readSite } from "../../site/read-site.js";
import type { Site } from "../../site/site-model.js";

/**
 * For a test file about site-file errors: `errorFor(change)` writes a changed copy of the example
 * site and returns the error reading it gives, with the text of the line it names. Registers its
 * own setup and cleanup (a temporary folder per test file).
 *
 * @example
 * const errorFor = siteErrors();
 * const { error } = await errorFor((site) => { site.sections = {}; });
 */
export function siteErrors(): (
  change: (site: Site) => void,
) => Promise<{ error: GeneratorError; lineText: string }> {
  let dir: string;
  let original: Site;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "typewire-site-"));
    original = JSON.parse(await readFile(join(packageRoot, "schemas/content/site.json"), "utf8"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  return async (change) => {
    const site = structuredClone(original);
    change(site);
    const text = JSON.stringify(site, null, 2);
    const file = join(dir, "site.json");
    await writeFile(file, text);
    const error = await readSite(file, "site.json").then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof GeneratorError))
      throw new Error(`expected a GeneratorError, got ${String(error)}`);
    return { error, lineText: text.split("\n")[(error.location.line ?? 0) - 1] ?? "" };
  };
}
