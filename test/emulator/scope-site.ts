import type { Site } from "../../site/site-model.js";
import { argumentSite } from "./argument-site.js";

/** Token of the `narrow` schema of {@link scopeSite}. */
export const NARROW = "scope-narrow-0123456789";
/** Token of the `noUsers` schema of {@link scopeSite}. */
export const NO_USERS = "scope-no-users-0123456789";

/**
 * The argument site with relations that cross scopes: a redirect (57) under the page About (50)
 * beside its two child pages, and two private schemas besides the public one that grants all.
 * `narrow` grants pages but not redirects, the homepage and articles but not videos, only the
 * documents volume, the regions categories, the colours tags and the siteInfo set; `noUsers`
 * grants articles and redirects but no users, so structure parents and user relations fall out.
 * In the pages structure, Press (54) has one child, the redirect Press archive (55): `narrow`
 * sees Press but not its child, `noUsers` the child but not Press or Contact (53) above it.
 *
 * @example
 * const server = await startServer({ siteData: scopeSite() });
 */
export function scopeSite(): Site {
  const site = argumentSite();
  site.content.entries.push({
    id: 57,
    uid: "00000000-0000-4000-8000-000000000057",
    section: "pages",
    type: "redirect",
    title: "Old about",
    slug: "old-about",
    uri: "about/old-about",
    postDate: "2023-03-01T09:00:00+00:00",
    authorId: 1,
    parentId: 50,
    fields: { relatedArticles: [40] },
    dateCreated: "2023-03-01T09:00:00+00:00",
    dateUpdated: "2023-03-01T09:00:00+00:00",
  });
  site.schemas.narrow = {
    name: "Narrow",
    accessToken: NARROW,
    enabled: true,
    scope: {
      sections: ["homepage", "news.article", "pages.page"],
      volumes: ["documents"],
      categoryGroups: ["regions"],
      tagGroups: ["colours"],
      globalSets: ["siteInfo"],
      users: true,
    },
  };
  site.schemas.noUsers = {
    name: "No users",
    accessToken: NO_USERS,
    enabled: true,
    scope: { sections: ["news.article", "pages.redirect"], volumes: ["images"], users: false },
  };
  return site;
}
