import type { Site, SiteScope } from "./site-model.js";

/** The handles a scope grants, each list sorted. */
export interface ResolvedScope {
  /** `[section, entryType]` pairs. */
  entryTypes: [string, string][];
  volumes: string[];
  categoryGroups: string[];
  tagGroups: string[];
  globalSets: string[];
  users: boolean;
  /** Whether the entry queries take the draft arguments. */
  drafts: boolean;
}

/**
 * What `scope` grants on `site`; without a scope, everything (the whole schema, as the system's
 * development mode shows it).
 *
 * @example
 * resolveScope(site, { sections: ["news.article"] }).entryTypes; // [["news", "article"]]
 */
export function resolveScope(site: Site, scope?: SiteScope): ResolvedScope {
  const all = scope === undefined;
  const granted = (list: readonly string[] | undefined, handle: string) =>
    all || (list?.includes(handle) ?? false);
  const entryTypes: [string, string][] = [];
  for (const [section, definition] of Object.entries(site.sections)) {
    for (const type of Object.keys(definition.entryTypes)) {
      if (granted(scope?.sections, section) || granted(scope?.sections, `${section}.${type}`))
        entryTypes.push([section, type]);
    }
  }
  const pick = (key: "volumes" | "categoryGroups" | "tagGroups" | "globalSets") =>
    Object.keys(site[key])
      .filter((handle) => granted(scope?.[key], handle))
      .sort();
  return {
    entryTypes: entryTypes.sort((a, b) => (a.join(".") < b.join(".") ? -1 : 1)),
    volumes: pick("volumes"),
    categoryGroups: pick("categoryGroups"),
    tagGroups: pick("tagGroups"),
    globalSets: pick("globalSets"),
    users: all || scope?.users === true,
    drafts: all || scope?.drafts === true,
  };
}
