import type { ElementRecord } from "./content/element-record.js";
import type { ContentIndex } from "./content/index-site.js";
import type { Preview } from "./content/query-context.js";
import { HttpError } from "./http/http-error.js";

/** The query parameter that carries a preview token (the CMS's default `tokenParam`). */
export const TOKEN_PARAM = "token";

/** The request header that carries a preview token when the URL does not. */
export const TOKEN_HEADER = "X-Craft-Token";

/** What the CMS accepts as a token at all; anything else is a 400. */
const TOKEN_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/** The headers the CMS's preview sends, so no browser or proxy keeps a previewed answer. */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  "cache-control": "no-cache, no-store, must-revalidate",
  pragma: "no-cache",
  expires: "0",
};

/**
 * The preview a request asks for, as the CMS resolves a token: the `token` URL parameter, else the
 * `X-Craft-Token` header (an empty value is no token). A token with a character other than
 * letters, digits, `-` and `_` is a 400 `Invalid token`. A token the site does not list, or one
 * past its expiry date, is ignored: the request is answered as one without a token. A valid token
 * previews its draft (`draftId`, whatever the draft's status), else `userId`'s provisional draft
 * of the entry, else the entry itself (whatever its status); a trashed or archived one is not
 * found, and the preview then shows nothing. A draft of a structure entry takes the entry's place
 * in the structure.
 *
 * @example
 * const preview = requestPreview(url, request.headers["x-craft-token"], store.index, now);
 * if (preview && preview.placeholders.size > 0) caching = false;
 */
export function requestPreview(
  url: URL,
  header: string | string[] | undefined,
  index: ContentIndex,
  now: Date,
): Preview | undefined {
  const fromUrl = url.searchParams.get(TOKEN_PARAM);
  const token = (fromUrl ?? (Array.isArray(header) ? header[0] : header)) || undefined;
  if (token === undefined) return undefined;
  if (!TOKEN_CHARACTERS.test(token)) throw new HttpError(400, "Invalid token");
  const definition = index.previewTokens.get(token);
  if (!definition || Date.parse(definition.expiryDate) <= now.getTime()) return undefined;
  const findable = (record: ElementRecord | undefined) =>
    record && !record.trashed && !record.archived ? record : undefined;
  let element: ElementRecord | undefined;
  if (definition.draftId != null) {
    element = findable(index.draftsByDraftId.get(definition.draftId));
  } else {
    if (definition.userId != null) {
      element = findable(
        index.drafts.find(
          ({ _: { draft } }) =>
            draft?.provisional === true &&
            draft.canonicalId === definition.canonicalId &&
            draft.creatorId === definition.userId,
        ),
      );
    }
    if (!element) {
      const entry = index.byId.get(definition.canonicalId);
      element = entry?._.kind === "entry" && !entry._.draft ? findable(entry) : undefined;
    }
  }
  const placeholders = new Map<number, ElementRecord>();
  if (element) {
    const canonicalId = element._.draft?.canonicalId ?? element.id;
    const canonical = index.byId.get(canonicalId);
    // A draft of a structure entry stands where the entry stands, as in the CMS's preview.
    if (canonical && canonical !== element && element.lft == null && canonical.lft != null) {
      const { structureId, root, lft, rgt, level } = canonical;
      element = { ...element, structureId, root, lft, rgt, level };
    }
    placeholders.set(canonicalId, element);
  }
  return { token, placeholders };
}

/** One preview token as the explorer lists it. */
export interface PreviewTokenSummary {
  token: string;
  /** What it shows, e.g. `draft 2 "Spring update" of entry 40 "Harbour opens"`. */
  previews: string;
  expiryDate: string;
}

/**
 * The site's preview tokens, each with a line saying what it previews.
 *
 * @example
 * describePreviewTokens(store.index)[0]?.previews;
 */
export function describePreviewTokens(index: ContentIndex): PreviewTokenSummary[] {
  return [...index.previewTokens.values()].map((definition) => {
    const entry = index.byId.get(definition.canonicalId);
    const draft =
      definition.draftId == null ? undefined : index.draftsByDraftId.get(definition.draftId);
    const of = `entry ${definition.canonicalId}${entry?.title ? ` "${entry.title}"` : ""}`;
    let previews = of;
    if (draft) {
      const named = `draft ${definition.draftId} "${draft.draftName}"`;
      previews = draft._.draft?.canonicalId == null ? `unpublished ${named}` : `${named} of ${of}`;
    } else if (definition.userId != null) {
      previews = `user ${definition.userId}'s provisional draft of ${of}, else the entry`;
    }
    return { token: definition.token, previews, expiryDate: definition.expiryDate };
  });
}
