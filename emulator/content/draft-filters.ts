import type { ElementRecord } from "./element-record.js";
import type { QueryArgs } from "./query-context.js";

/** What an entry query reads: entries only (false), drafts only (true), or both (null). */
export type DraftsMode = boolean | null;

/**
 * The draft arguments of an entry query, as the CMS's element query applies them: `drafts`
 * (default false), then `draftOf`, `draftId` and `draftCreator`, each of which turns on drafts
 * when given while `drafts` is false, and `provisionalDrafts` (default false; true turns drafts
 * on too). With drafts on, `draftId` keeps the draft of that drafts-table id, `draftOf` the drafts
 * of that entry (`"*"`: of any entry; false or 0: unpublished drafts and entries, which have no
 * canonical id either), `draftCreator` the drafts of that user, and `provisionalDrafts` keeps
 * entries plus the drafts whose provisional flag equals it (null: every draft).
 * `withProvisionalDrafts` swaps in the signed-in user's provisional drafts, and an API request
 * has no signed-in user, so it changes nothing. A `draftOf` that is not a number, `"*"` or false
 * is an error, as in the CMS. With drafts off, drafts are left out, except an unpublished draft a
 * preview token shows (`placeholder`), which stands in for itself.
 *
 * @example
 * const { mode, test } = draftFilters({ draftOf: 40 }); // mode true; test keeps drafts of entry 40
 */
export function draftFilters(
  args: QueryArgs,
  placeholder: (id: number) => boolean = () => false,
): {
  mode: DraftsMode;
  test: (record: ElementRecord) => boolean;
} {
  let mode: DraftsMode = "drafts" in args ? ((args.drafts as boolean | null) ?? null) : false;
  const draftOf = args.draftOf;
  if (draftOf != null && !(isNumeric(draftOf) || draftOf === "*" || draftOf === false))
    throw new Error("Invalid draftOf value");
  for (const key of ["draftOf", "draftId", "draftCreator"]) {
    if (args[key] != null && mode === false) mode = true;
  }
  const provisional: boolean | null =
    "provisionalDrafts" in args ? ((args.provisionalDrafts as boolean | null) ?? null) : false;
  if (provisional === true && mode === false) mode = true;
  if (mode === false)
    return { mode, test: (record) => record._.draft === undefined || placeholder(record.id) };
  const draftId = Number(args.draftId ?? 0);
  const creator = Number(args.draftCreator ?? 0);
  // The CMS compares `canonicalId = draftOf ?: null`: false, 0 and "0" mean "no canonical id".
  const canonical = draftOf == null ? undefined : draftOf === "*" ? "*" : Number(draftOf) || null;
  const drafted = mode;
  return {
    mode,
    test: (record) => {
      const draft = record._.draft;
      if (drafted === true && draft === undefined) return false;
      if (draftId && draft?.draftId !== draftId) return false;
      const canonicalId = draft?.canonicalId ?? null;
      if (
        canonical === "*"
          ? canonicalId === null
          : canonical !== undefined && canonicalId !== canonical
      )
        return false;
      if (creator && draft?.creatorId !== creator) return false;
      if (provisional !== null && draft !== undefined && draft.provisional !== provisional)
        return false;
      return true;
    },
  };
}

/** PHP's `is_numeric`, which the CMS checks `draftOf` with: decimal numbers, no hex. */
function isNumeric(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  return typeof value === "string" && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(value);
}
