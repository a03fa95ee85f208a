import type { SiteScope } from "../../site/site-model.js";
import type { ElementRecord } from "./element-record.js";

/**
 * Whether a schema's scope grants an element. A `sections` item grants a whole section or, as
 * `section.entryType`, one entry type; absent lists grant nothing, as in the site file.
 *
 * The scope limits the elements a query returns, never the inputs of its filters: `relatedTo`,
 * `relatedToAll`, `authorGroup`, `ancestorOf`, `descendantOf` and `hasDescendants` see every
 * element, as the real API's element queries do (see "What the scope covers" in
 * docs/emulator.md), so this is tested on candidates only.
 *
 * @example
 * inScope(entry, { sections: ["news.article"] });
 */
export function inScope(record: ElementRecord, scope: SiteScope): boolean {
  const { kind, owner, ownerType, field } = record._;
  switch (kind) {
    case "entry":
      // Craft 5 nested entries: through their field; through their owner they need no grant.
      if (field !== undefined) return (scope.nestedEntryFields ?? []).includes(field);
      return (scope.sections ?? []).some((item) => item === owner || item === ownerType);
    case "asset":
      return (scope.volumes ?? []).includes(owner);
    case "category":
      return (scope.categoryGroups ?? []).includes(owner);
    case "tag":
      return (scope.tagGroups ?? []).includes(owner);
    case "globalSet":
      return (scope.globalSets ?? []).includes(owner);
    case "user":
      return scope.users === true;
    default:
      return true;
  }
}
