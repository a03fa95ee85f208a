import type { Site } from "../../site/site-model.js";
import { exampleSite, wholeSiteScope } from "./emulator-harness.js";

const stamp = {
  dateCreated: "2024-01-01T00:00:00+00:00",
  dateUpdated: "2024-01-01T00:00:00+00:00",
};

const uid = (id: number) => `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`;

/** What hides an element from a default query; one element of each kind gets each. */
const hidden = [
  ["Disabled", { enabled: false }],
  ["Archived", { archived: true }],
  ["Trashed", { trashed: true }],
] as const;

/**
 * The example site plus what makes every argument observable on every element kind, under one
 * public schema that grants everything:
 *
 * - entries 48 (archived) and 49 (trashed); a second tag group (`colours`, tag 35) and category
 *   group (`regions`, category 26), and a third category level (27 under 21);
 * - per kind, a disabled, an archived and a trashed element (in that order), all hidden by
 *   default: assets 80-82, tags 86-88, categories 89-91 (in `regions`), global sets 92-94 (sets
 *   of their own) and users 83-85 (the disabled one also suspended);
 * - relations from global sets, so `relatedTo` can pick one: siteInfo (70) relates to entry 41,
 *   announcement (71) to entry 41 and tag 31.
 *
 * The additions live here rather than in the bundled site file, so the example's schema, its
 * generated types and the other tests' expectations stay as they are.
 *
 * @example
 * const server = await startServer({ siteData: argumentSite() });
 */
export function argumentSite(): Site {
  const site = exampleSite();
  const article = {
    section: "news",
    type: "article",
    postDate: "2024-01-01T00:00:00+00:00",
    authorId: 1,
    fields: {},
    ...stamp,
  };
  site.content.entries.push(
    {
      id: 48,
      uid: uid(48),
      title: "Archived",
      slug: "archived",
      uri: "news/archived",
      archived: true,
      ...article,
    },
    {
      id: 49,
      uid: uid(49),
      title: "Trashed",
      slug: "trashed",
      uri: "news/trashed",
      trashed: true,
      ...article,
    },
  );
  site.tagGroups.colours = { id: 2, name: "Colours", fields: [] };
  site.content.tags.push({
    id: 35,
    uid: uid(35),
    group: "colours",
    title: "blue",
    slug: "blue",
    ...stamp,
  });
  site.categoryGroups.regions = { id: 2, name: "Regions", structureId: 3, fields: [] };
  site.content.categories.push(
    { id: 26, uid: uid(26), group: "regions", title: "North", slug: "north", ...stamp },
    {
      id: 27,
      uid: uid(27),
      group: "topics",
      title: "Offshore",
      slug: "offshore",
      parentId: 21,
      ...stamp,
    },
  );
  hidden.forEach(([name, flag], i) => {
    site.content.assets.push({
      id: 80 + i,
      uid: uid(80 + i),
      volume: "images",
      folderId: 1,
      title: `${name} photo`,
      filename: `${name.toLowerCase()}.jpg`,
      path: `${name.toLowerCase()}.jpg`,
      kind: "image",
      mimeType: "image/jpeg",
      size: 1000,
      width: 10,
      height: 10,
      focalPoint: null,
      dateModified: stamp.dateCreated,
      fields: {},
      ...flag,
      ...stamp,
    });
    site.content.tags.push({
      id: 86 + i,
      uid: uid(86 + i),
      group: "keywords",
      title: `${name.toLowerCase()} tag`,
      slug: `${name.toLowerCase()}-tag`,
      ...flag,
      ...stamp,
    });
    site.content.categories.push({
      id: 89 + i,
      uid: uid(89 + i),
      group: "regions",
      title: `${name} region`,
      slug: `${name.toLowerCase()}-region`,
      ...flag,
      ...stamp,
    });
    const handle = `${name.toLowerCase()}Set`;
    site.globalSets[handle] = { name: `${name} set`, fields: [] };
    site.content.globalSets.push({
      id: 92 + i,
      uid: uid(92 + i),
      handle,
      fields: {},
      ...flag,
      ...stamp,
    });
  });
  const user = (id: number, username: string, extra: object) => ({
    id,
    uid: uid(id),
    username,
    email: `${username}@northwind.example`,
    groups: [],
    status: "active" as const,
    fields: {},
    ...stamp,
    ...extra,
  });
  site.content.users.push(
    user(83, "barred", { enabled: false, status: "suspended" }),
    user(84, "retired", { archived: true }),
    user(85, "removed", { trashed: true }),
  );
  site.globalSets.siteInfo!.fields.push("relatedArticles");
  site.globalSets.announcement!.fields.push("relatedArticles", "keywords");
  const sets = site.content.globalSets;
  Object.assign(sets.find((g) => g.id === 70)!.fields!, { relatedArticles: [41] });
  Object.assign(sets.find((g) => g.id === 71)!.fields!, { relatedArticles: [41], keywords: [31] });
  site.schemas = {
    all: {
      name: "Everything",
      public: true,
      enabled: true,
      scope: wholeSiteScope(site),
    },
  };
  return site;
}
