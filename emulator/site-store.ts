import { type FSWatcher, watch } from "node:fs";
import { basename, dirname } from "node:path";
import type { GraphQLSchema } from "graphql";
import { GeneratorError } from "../input/errors.js";
import { normalizeCraftVersion } from "../site/craft-version.js";
import { readSite } from "../site/read-site.js";
import type { Site } from "../site/site-model.js";
import { buildContentSchema } from "../site/site-schema.js";
import { type ContentIndex, indexSite } from "./content/index-site.js";
import type { Logger } from "./logger.js";

/**
 * The content the server answers from: the site file, its index and one GraphQL schema per API
 * schema, built on first use. {@link SiteStore.reload} swaps all three at once, or keeps the last
 * good content when the file is malformed, logging the error with file, line and column.
 *
 * @example
 * const store = await SiteStore.open("schemas/content/site.json", logger);
 * store.schemaFor("public", store.site.schemas.public!.scope);
 */
export class SiteStore {
  #index: ContentIndex;
  #schemas = new Map<string, GraphQLSchema>();
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly file: string | undefined;
  readonly #logger: Logger;

  private constructor(site: Site, file: string | undefined, logger: Logger) {
    this.#index = indexSite(site);
    this.file = file;
    this.#logger = logger;
  }

  /** Reads and validates the site file; a bad file at startup is a GeneratorError to report. */
  static async open(file: string, logger: Logger): Promise<SiteStore> {
    return new SiteStore(await readSite(file), file, logger);
  }

  /**
   * A store over a site already in memory (no file, no reloads), trusted as it is but for what a
   * Craft 5 site names by handle, which is filled in as reading a file does (on a copy: the
   * caller's object is left as it is).
   */
  static fromSite(site: Site, logger: Logger): SiteStore {
    const copy = structuredClone(site);
    normalizeCraftVersion(copy, (message, path) => {
      throw new GeneratorError(message, { file: "(siteData)", entry: path.join(".") });
    });
    return new SiteStore(copy, undefined, logger);
  }

  get site(): Site {
    return this.#index.site;
  }

  get index(): ContentIndex {
    return this.#index;
  }

  /** The GraphQL schema of one API schema; types outside its scope do not exist in it. */
  schemaFor(handle: string, scope: Site["schemas"][string]["scope"]): GraphQLSchema {
    let schema = this.#schemas.get(handle);
    if (!schema) {
      schema = buildContentSchema(this.site, scope);
      this.#schemas.set(handle, schema);
    }
    return schema;
  }

  /** Reads the file again. Returns true when the content was replaced. */
  async reload(): Promise<boolean> {
    if (!this.file) return false;
    try {
      const site = await readSite(this.file);
      this.#index = indexSite(site);
      this.#schemas = new Map();
      this.#logger.info(`reloaded ${this.file}`);
      return true;
    } catch (error) {
      const text =
        error instanceof GeneratorError
          ? error.format()
          : `${this.file}: ${(error as Error).message}`;
      this.#logger.error(`${text} (keeping the last good content)`);
      return false;
    }
  }

  /**
   * Reloads whenever the file changes. The folder is watched, not the file, because editors
   * save by writing a new file and renaming it over the old one.
   */
  watch(onReload: () => void): void {
    if (!this.file || this.#watcher) return;
    const name = basename(this.file);
    this.#watcher = watch(dirname(this.file), (_event, changed) => {
      if (changed !== null && changed !== name) return;
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => {
        void this.reload().then((replaced) => replaced && onReload());
      }, 25);
    });
    this.#watcher.on("error", (error) =>
      this.#logger.error(`cannot watch ${this.file}: ${error.message}`),
    );
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#watcher?.close();
    this.#watcher = undefined;
  }
}
