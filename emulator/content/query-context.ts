import type { SiteScope } from "../../site/site-model.js";
import type { ContentIndex } from "./index-site.js";

/** What every resolver needs: the content, the schema's scope and the clock. */
export interface QueryContext {
  index: ContentIndex;
  scope: SiteScope;
  now: Date;
}

/** Query arguments as graphql-js passes them: absent keys were not given, null was given as null. */
export type QueryArgs = Record<string, unknown>;
