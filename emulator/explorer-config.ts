/**
 * What the emulator tells the explorer page about itself, embedded in the page as JSON: the
 * endpoint, dev mode, caching, every API schema of the site with its token, and the preview
 * tokens. The emulator writes it into each page it serves (`emulator/explorer-page.ts`); the
 * browser code in `explorer/` reads it. This file imports nothing, so the browser bundle can
 * include it.
 */
export interface ExplorerPageConfig {
  /** The GraphQL endpoint's path, e.g. `/api`. */
  endpoint: string;
  devMode: boolean;
  caching: boolean;
  /** The response header that says whether an answer came from the result cache. */
  cacheHeader: string;
  schemas: ExplorerSchema[];
  /** The header a preview token travels in, `X-Craft-Token`. */
  previewHeader: string;
  /** The site's preview tokens, for the preview picker. */
  previewTokens: ExplorerPreviewToken[];
}

/** One preview token as the preview picker offers it. */
export interface ExplorerPreviewToken {
  token: string;
  /** What it shows, e.g. `draft 2 "Spring update" of entry 40 "Harbour opens"`. */
  previews: string;
  /** `expired <date>` past the token's expiry (requests answer as without it); else null. */
  unusable: string | null;
}

/** One API schema as the schema picker offers it. */
export interface ExplorerSchema {
  handle: string;
  name: string;
  /** The private schema's token, sent as `Authorization: Bearer <token>`; null for the public one. */
  token: string | null;
  /** Why a request with this schema gets a 400 (disabled, expired); null when it is usable. */
  unusable: string | null;
}

/** The id of the `<script type="application/json">` element that holds the config. */
export const CONFIG_ELEMENT_ID = "typewire-explorer-config";
