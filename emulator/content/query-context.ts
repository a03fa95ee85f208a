import type { SiteScope } from "../../site/site-model.js";
import type { RequestBudget } from "../limits/request-budget.js";
import type { ElementRecord } from "./element-record.js";
import type { ContentIndex } from "./index-site.js";

/** What every resolver needs: the content, the schema's scope, the clock and the request's limits. */
export interface QueryContext {
  index: ContentIndex;
  scope: SiteScope;
  now: Date;
  /** The request's time and answer size, and its turns on the event loop. */
  budget: RequestBudget;
  /** `maxGraphqlResults`: the most elements any one list returns; 0 for no limit. */
  maxResults: number;
  /** A request with a valid preview token: what it previews. */
  preview?: Preview;
}

/**
 * What a preview token shows: the CMS's placeholder elements, each in place of the entry whose
 * id is its key (an unpublished draft stands in for itself).
 */
export interface Preview {
  token: string;
  placeholders: ReadonlyMap<number, ElementRecord>;
}

/** Query arguments as graphql-js passes them: absent keys were not given, null was given as null. */
export type QueryArgs = Record<string, unknown>;
