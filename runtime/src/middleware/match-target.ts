/** How a request target relates to the middleware's path. */
export type TargetMatch = "match" | "other" | "invalid";

/**
 * Compares a request target (`req.url`, or a URL's pathname plus search) with the configured
 * path: the query string and trailing slashes are ignored, everything else must be equal. Dot
 * segments are resolved the way a WHATWG URL resolves them, so both adapters agree.
 *
 * @example
 * matchTarget("/api/platform/webhooks/?x=1", "/api/platform/webhooks"); // "match"
 */
export function matchTarget(target: string, path: string): TargetMatch {
  let pathname: string;
  if (target.charCodeAt(0) === 47) {
    const q = target.indexOf("?");
    pathname = q === -1 ? target : target.slice(0, q);
    if (pathname.includes("/.") || pathname.includes("#")) {
      const resolved = parseTarget(pathname);
      if (resolved === undefined) return "invalid";
      pathname = resolved;
    }
  } else if (target === "*") {
    return "other";
  } else {
    // Absolute form (`POST http://host/path`), which proxies send.
    const resolved = /^https?:\/\//i.test(target) ? parseTarget(target) : undefined;
    if (resolved === undefined) return "invalid";
    pathname = resolved;
  }
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47) end--;
  return end === path.length && pathname.startsWith(path) ? "match" : "other";
}

function parseTarget(target: string): string | undefined {
  try {
    return new URL(target, "http://localhost").pathname;
  } catch {
    return undefined;
  }
}
