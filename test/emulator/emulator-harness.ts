import { readFileSync } from "node:fs";
import type { Site } from "../../site/site-model.js";
import {
  type ContentServer,
  type ContentServerOptions,
  createContentServer,
} from "../../emulator/index.js";

/** The clock every emulator test runs at: after the example's posts, before its pending one. */
export const NOW = new Date("2026-06-01T12:00:00Z");

export const PARTNER_TOKEN = "nw-partners-7c1e4b9a20d35f86";
export const ARCHIVE_TOKEN = "nw-archive-3a9f0c5d7e2b6148";
export const STAGING_TOKEN = "nw-staging-e85d2f7a1c4b9036";

/** A fresh copy of the bundled example site. */
export function exampleSite(): Site {
  return JSON.parse(
    readFileSync(new URL("../../schemas/content/site.json", import.meta.url), "utf8"),
  ) as Site;
}

/**
 * A schema scope that grants every section, volume, group, global set and the users of `site`,
 * and the querying of drafts: the whole schema, as the bundled schema files are.
 */
export function wholeSiteScope(site: Site) {
  return {
    sections: Object.keys(site.sections),
    volumes: Object.keys(site.volumes),
    categoryGroups: Object.keys(site.categoryGroups),
    tagGroups: Object.keys(site.tagGroups),
    globalSets: Object.keys(site.globalSets),
    users: true,
    drafts: true,
  };
}

/** The example site with one more private schema, "Everything", whose token reads the whole site. */
export function exampleSiteWithFullToken(accessToken: string): Site {
  const site = exampleSite();
  site.schemas.full = {
    name: "Everything",
    accessToken,
    enabled: true,
    expiryDate: null,
    scope: wholeSiteScope(site),
  } as Site["schemas"][string];
  return site;
}

/** Starts an emulator on 127.0.0.1, on a free port, with the test clock. */
export function startServer(options: ContentServerOptions = {}): Promise<ContentServer> {
  return createContentServer({ port: 0, host: "127.0.0.1", now: () => NOW, ...options });
}

export interface GraphQLReply {
  status: number;
  headers: Headers;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; locations?: { line: number; column: number }[] }[];
    message?: string;
  };
}

/** POSTs a GraphQL request as JSON, with a bearer token when given. */
export async function post(
  server: ContentServer,
  query: string,
  options: { token?: string; variables?: Record<string, unknown>; operationName?: string } = {},
): Promise<GraphQLReply> {
  const response = await fetch(server.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify({
      query,
      variables: options.variables,
      operationName: options.operationName,
    }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** Ids of a list of elements in a response. */
export function ids(list: unknown): number[] {
  return (list as { id: string }[]).map((element) => Number(element.id));
}
