import type { Fail, Path } from "./check-site-model.js";
import type { ElementIndex } from "./element-ids.js";
import type { DraftContent, EntryContent, FieldValues, Site } from "./site-model.js";

/** Checks the field values of one element against a layout of field handles. */
type CheckValues = (layout: readonly string[], fields: FieldValues | undefined, path: Path) => void;

/** The attributes an unpublished draft must set, having no entry to take them from. */
const UNPUBLISHED_NEEDS = ["section", "type", "title", "slug", "authorId"] as const;

/**
 * The drafts and preview tokens of a site: each draft is a draft of an existing entry (keeping its
 * section and type) or an unpublished draft with its own, `draftId`s are unique, provisional
 * drafts belong to one user and entry, creators and authors are users, and field values fit the
 * entry type. Each preview token names an entry (or unpublished draft) and, with `draftId`, a
 * draft of it; its user is a user.
 */
export function checkDrafts(
  site: Site,
  kinds: ElementIndex,
  values: CheckValues,
  fail: Fail,
): void {
  const entries = new Map(site.content.entries.map((entry) => [entry.id, entry]));
  const isUser = (id: number) => kinds.get(id) === "users";
  const byDraftId = new Map<number, DraftContent>();
  const provisional = new Set<string>();
  (site.content.drafts ?? []).forEach((draft, i) => {
    const at = (...keys: (string | number)[]): Path => ["content", "drafts", i, ...keys];
    if (byDraftId.has(draft.draftId))
      fail(`draftId ${draft.draftId} is used by two drafts`, at("draftId"));
    byDraftId.set(draft.draftId, draft);
    let entry: EntryContent | undefined;
    if (draft.draftOf != null) {
      entry = entries.get(draft.draftOf);
      if (!entry) fail(`draftOf ${draft.draftOf} is not an entry`, at("draftOf"));
      for (const key of ["section", "type"] as const) {
        if (draft[key] !== undefined && draft[key] !== entry[key]) {
          fail(
            `a draft keeps the ${key} of its entry ("${entry[key]}"); leave ${key} out`,
            at(key),
          );
        }
      }
    } else {
      for (const key of UNPUBLISHED_NEEDS) {
        if (draft[key] === undefined) fail(`an unpublished draft (no draftOf) needs ${key}`, at());
      }
    }
    const sectionHandle = entry?.section ?? draft.section!;
    const typeHandle = entry?.type ?? draft.type!;
    const section = site.sections[sectionHandle];
    if (!section) fail(`unknown section "${sectionHandle}"`, at("section"));
    const type = section.entryTypes[typeHandle];
    if (!type) fail(`section "${sectionHandle}" has no entry type "${typeHandle}"`, at("type"));
    if (draft.authorId !== undefined && !isUser(draft.authorId))
      fail(`authorId ${draft.authorId} is not a user`, at("authorId"));
    if (draft.creatorId != null && !isUser(draft.creatorId))
      fail(`creatorId ${draft.creatorId} is not a user`, at("creatorId"));
    if (draft.provisional) {
      if (draft.draftOf == null || draft.creatorId == null) {
        fail(
          "a provisional draft is one user's edits of an entry: it needs draftOf and creatorId",
          at("provisional"),
        );
      }
      const key = `${draft.draftOf}/${draft.creatorId}`;
      if (provisional.has(key)) {
        fail(
          `user ${draft.creatorId} already has a provisional draft of entry ${draft.draftOf}`,
          at("provisional"),
        );
      }
      provisional.add(key);
    }
    values(type.fields, draft.fields, at("fields"));
  });

  const tokens = new Set<string>();
  (site.previewTokens ?? []).forEach((token, i) => {
    const at = (...keys: (string | number)[]): Path => ["previewTokens", i, ...keys];
    if (tokens.has(token.token)) fail("two preview tokens share this token", at("token"));
    tokens.add(token.token);
    const unpublished = (site.content.drafts ?? []).find(
      (draft) => draft.id === token.canonicalId && draft.draftOf == null,
    );
    if (!entries.has(token.canonicalId) && !unpublished) {
      fail(
        `canonicalId ${token.canonicalId} is not an entry (nor an unpublished draft)`,
        at("canonicalId"),
      );
    }
    if (token.draftId != null) {
      const draft = byDraftId.get(token.draftId);
      if (!draft) {
        fail(`draftId ${token.draftId} is not the draftId of a draft in content.drafts`, [
          ...at("draftId"),
        ]);
      }
      const canonical = draft.draftOf ?? draft.id;
      if (canonical !== token.canonicalId) {
        fail(
          `draft ${token.draftId} is a draft of ${canonical}, not of canonicalId ${token.canonicalId}`,
          at("draftId"),
        );
      }
    } else if (unpublished) {
      fail(
        `canonicalId ${token.canonicalId} is an unpublished draft: name it by its draftId (${unpublished.draftId}) too`,
        at("canonicalId"),
      );
    }
    if (token.userId != null && !isUser(token.userId))
      fail(`userId ${token.userId} is not a user`, at("userId"));
  });
}
