import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { bundledFile } from "../input/paths.js";
import type { ApiSchemaDefinition } from "../site/site-model.js";
import { CACHE_HEADER_NAME } from "./http/cache-header.js";
import { CONFIG_ELEMENT_ID, type ExplorerPageConfig } from "./explorer-config.js";
import { TOKEN_HEADER, type PreviewTokenSummary } from "./preview-token.js";

/** The explorer's documented path; `/` shows it too unless the endpoint itself is `/`. */
export const EXPLORER_PATH = "/explorer";

/** The built page's files in the package, with their content types. */
const ASSETS: Record<string, string> = {
  "explorer.js": "text/javascript; charset=utf-8",
  "explorer.css": "text/css; charset=utf-8",
};

/**
 * Only the page's own files: no CDN, no inline script. Styles allow `data:` fonts (GraphiQL
 * inlines its fonts) and inline `style` attributes, which the editor sets.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/** What the explorer needs from the server to answer one of its requests. */
export interface ExplorerRequestDeps {
  route: string;
  devMode: boolean;
  caching: boolean;
  schemas: Record<string, ApiSchemaDefinition>;
  /** The site's preview tokens; absent, none. */
  previewTokens?: PreviewTokenSummary[];
  now: Date;
}

/**
 * Where the explorer page is for a server at `origin` whose endpoint is `route`: `/explorer`, or
 * `/` when the endpoint itself takes `/explorer`.
 *
 * @example
 * explorerUrl("http://127.0.0.1:4000", "/api"); // "http://127.0.0.1:4000/explorer"
 */
export function explorerUrl(origin: string, route: string): string {
  return origin + (explorerTarget(EXPLORER_PATH, route) === "page" ? EXPLORER_PATH : "/");
}

/**
 * The explorer's part of a path: `"page"` for the page itself (`/explorer`, and `/` unless the
 * endpoint is `/`), an asset's file name for `/explorer/<file>`, undefined for any other path.
 * The endpoint's own route always wins.
 *
 * @example
 * explorerTarget("/explorer/explorer.js", "/api"); // "explorer.js"
 */
export function explorerTarget(pathname: string, route: string): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === (route.replace(/\/+$/, "") || "/")) return undefined;
  if (path === "/" || path === EXPLORER_PATH) return "page";
  if (!path.startsWith(`${EXPLORER_PATH}/`)) return undefined;
  const file = path.slice(EXPLORER_PATH.length + 1);
  return Object.hasOwn(ASSETS, file) ? file : undefined;
}

/**
 * Answers a GET or HEAD for the explorer page or one of its files and returns the status. The
 * page carries the site's schemas and tokens, so it is never cached; the files are read from the
 * package on first request and kept. A package built without the explorer answers 503 saying so.
 *
 * @example
 * const status = await answerExplorer(request, response, "page", deps);
 */
export async function answerExplorer(
  request: IncomingMessage,
  response: ServerResponse,
  target: string,
  deps: ExplorerRequestDeps,
): Promise<number> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    const body = `Method ${request.method} is not allowed here; the explorer answers GET and HEAD\n`;
    return send(request, response, 405, text(body, { allow: "GET, HEAD" }));
  }
  let assets: Map<string, Buffer>;
  try {
    assets = await loadAssets();
  } catch {
    const body =
      "The explorer is not built in this copy of typewire: run `npm run build` (dist/explorer/ is missing).\n";
    return send(request, response, 503, text(body));
  }
  if (target === "page") {
    const page = explorerHtml(explorerConfig(deps));
    return send(request, response, 200, {
      headers: {
        ...SECURITY_HEADERS,
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
      },
      body: Buffer.from(page),
    });
  }
  return send(request, response, 200, {
    headers: {
      ...SECURITY_HEADERS,
      "content-type": ASSETS[target]!,
      "cache-control": "no-cache",
    },
    body: assets.get(target)!,
  });
}

/**
 * The page's config: every schema of the site, public first, each private one with its token and
 * the ones a request cannot use (disabled, expired at `now`) marked so; and the preview tokens,
 * those past their expiry at `now` marked so.
 */
export function explorerConfig(deps: ExplorerRequestDeps): ExplorerPageConfig {
  const schemas = Object.entries(deps.schemas)
    .map(([handle, schema]) => ({
      handle,
      name: schema.name,
      token: schema.public ? null : (schema.accessToken ?? null),
      unusable: !schema.enabled
        ? "disabled"
        : schema.expiryDate && Date.parse(schema.expiryDate) <= deps.now.getTime()
          ? `expired ${schema.expiryDate}`
          : null,
    }))
    .sort((a, b) => Number(a.token !== null) - Number(b.token !== null));
  return {
    endpoint: deps.route,
    devMode: deps.devMode,
    caching: deps.caching,
    cacheHeader: CACHE_HEADER_NAME,
    schemas,
    previewHeader: TOKEN_HEADER,
    previewTokens: (deps.previewTokens ?? []).map(({ token, previews, expiryDate }) => ({
      token,
      previews,
      unusable: Date.parse(expiryDate) <= deps.now.getTime() ? `expired ${expiryDate}` : null,
    })),
  };
}

function explorerHtml(config: ExplorerPageConfig): string {
  // JSON inside a script element: `<` escaped so no value can close the element.
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>typewire explorer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${EXPLORER_PATH}/explorer.css">
<script type="application/json" id="${CONFIG_ELEMENT_ID}">${json}</script>
<script type="module" src="${EXPLORER_PATH}/explorer.js"></script>
</head>
<body>
<div id="root"></div>
<noscript>The typewire explorer needs JavaScript.</noscript>
</body>
</html>
`;
}

let loaded: Promise<Map<string, Buffer>> | undefined;

/** Reads the built files once, on the first request that needs them; a failed read is retried. */
function loadAssets(): Promise<Map<string, Buffer>> {
  if (!loaded) {
    loaded = Promise.all(
      Object.keys(ASSETS).map(
        async (file) => [file, await readFile(bundledFile(`dist/explorer/${file}`))] as const,
      ),
    ).then((entries) => new Map(entries));
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
}

interface Reply {
  headers: Record<string, string>;
  body: Buffer;
}

function text(body: string, headers: Record<string, string> = {}): Reply {
  return {
    headers: { ...headers, "content-type": "text/plain; charset=utf-8" },
    body: Buffer.from(body),
  };
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  reply: Reply,
): number {
  if (response.headersSent || response.destroyed) return status;
  response.writeHead(status, { ...reply.headers, "content-length": String(reply.body.length) });
  response.end(request.method === "HEAD" ? undefined : reply.body);
  return status;
}
