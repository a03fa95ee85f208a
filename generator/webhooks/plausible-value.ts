/**
 * Where a scalar of an example payload sits: its field, the object it belongs to (the shared
 * definition's name, else the field holding the object: `user`, `repository`, `alert`), and the
 * action of the delivery when there is one.
 */
export interface FieldContext {
  field: string;
  noun: string;
  action?: string | undefined;
}

/** The JSON Schema types a scalar of a payload may have. */
export type ScalarType = "string" | "integer" | "number" | "boolean";

const OWNER = "alice";
const ORGANIZATION = "example-org";
const REPOSITORY = "hello-world";
const CREATED = "2024-05-01T12:00:00Z";
const UPDATED = "2024-05-01T12:05:00Z";
const CREATED_SECONDS = Date.parse(CREATED) / 1000;

/** Values that read the same in any object, by field name. */
const STRINGS: Record<string, string> = {
  action: "created",
  allow_deletions_enforcement_level: "off",
  allow_force_pushes_enforcement_level: "off",
  base_ref: "main",
  billing_cycle: "monthly",
  body: "Written for a test delivery.",
  branch: "main",
  color: "d73a4a",
  compare: `https://platform.example/${OWNER}/${REPOSITORY}/compare/main...feature`,
  conclusion: "success",
  content_type: "json",
  cve_id: "CVE-2024-12345",
  default_branch: "main",
  diff_hunk: "@@ -1,3 +1,4 @@",
  ecosystem: "npm",
  emoji: ":speech_balloon:",
  environment: "production",
  event: "push",
  full_name: `${OWNER}/${REPOSITORY}`,
  ghsa_id: "GHSA-2x7q-8vq5-4p6m",
  gravatar_id: "",
  head_branch: "feature",
  head_ref: "feature",
  homepage: "https://example.com",
  insecure_ssl: "0",
  language: "TypeScript",
  manifest: "package.json",
  manifest_path: "package.json",
  master_branch: "main",
  mergeable_state: "clean",
  message: "Update README.md",
  original_environment: "production",
  package_type: "npm",
  path: "README.md",
  permission: "write",
  pusher_type: "user",
  ref: "refs/heads/main",
  ref_type: "branch",
  repository_selection: "all",
  role: "member",
  severity: "high",
  spdx_id: "MIT",
  state: "open",
  status: "completed",
  tag_name: "v1.0.0",
  target_commitish: "main",
  version: "1.0.0",
  zen: "Keep it logically awesome.",
};

/** How a repository is cloned. */
const REPOSITORY_URLS: Record<string, string> = {
  clone_url: `https://platform.example/${OWNER}/${REPOSITORY}.git`,
  git_url: `git://platform.example/${OWNER}/${REPOSITORY}.git`,
  ssh_url: `git@platform.example:${OWNER}/${REPOSITORY}.git`,
  svn_url: `https://platform.example/${OWNER}/${REPOSITORY}`,
};

/** `name` and `title` by the object they describe. */
const NAMES: Record<string, string> = {
  label: "bug",
  license: "MIT License",
  milestone: "v1.0",
  repository: REPOSITORY,
  team: "Reviewers",
  user: "Alice",
  workflow: "CI",
};
const TITLES: Record<string, string> = {
  issue: "Found a bug",
  pull_request: "Fix the bug",
  simple_pull_request: "Fix the bug",
};

/** Counters that a new object starts at zero. */
const COUNTS = new Set([
  "additions",
  "changed_files",
  "closed_issues",
  "comments",
  "commits",
  "deletions",
  "forks",
  "open_issues",
  "review_comments",
  "size",
  "watchers",
]);

/** Flags that are on for a typical repository, hook or commit. */
const ON = new Set([
  "active",
  "distinct",
  "has_downloads",
  "has_issues",
  "has_projects",
  "has_wiki",
  "is_answerable",
  "verified",
]);

/**
 * A plausible value of a scalar field, chosen by its name and the object it belongs to: ids and
 * node ids, logins, URLs, ISO 8601 timestamps (Unix seconds for a number), commit hashes, refs.
 * The same field of the same object always gets the same value, so the output is stable.
 *
 * @example
 * plausibleValue("string", { field: "login", noun: "user" }); // "alice"
 * plausibleValue("string", { field: "created_at", noun: "issue" }); // "2024-05-01T12:00:00Z"
 * plausibleValue("integer", { field: "repository_id", noun: "check_suite" }); // id of "repository"
 */
export function plausibleValue(type: ScalarType, context: FieldContext): string | number | boolean {
  switch (type) {
    case "boolean":
      return ON.has(context.field);
    case "integer":
    case "number":
      return plausibleNumber(context);
    case "string":
      return plausibleString(context);
  }
}

/**
 * Whether a field that may be null is null in the example: a timestamp of something that has not
 * happened (`closed_at`, unless the delivery is the `closed` action), or a result not there yet.
 *
 * @example
 * prefersNull({ field: "closed_at", noun: "issue", action: "opened" }); // true
 * prefersNull({ field: "closed_at", noun: "issue", action: "closed" }); // false
 */
export function prefersNull({ field, action }: FieldContext): boolean {
  if (field === "conclusion" || field === "mirror_url") return true;
  // `closed_at`, `merged_by`, `dismissed_reason`, `failed_reason`, `active_lock_reason`: about
  // an event that a new object has not seen yet, unless the delivery is that very event.
  const event =
    /^(.*)_(?:at|on|by)$/.exec(field)?.[1] ??
    /^([a-z]+ed)_/.exec(field)?.[1] ??
    /^(.*)_reason$/.exec(field)?.[1];
  return event !== undefined && event !== action;
}

function plausibleNumber({ field, noun }: FieldContext): number {
  if (field === "id") return idOf(noun);
  if (field.endsWith("_at")) return CREATED_SECONDS;
  if (field.endsWith("_id")) return idOf(field.slice(0, -3));
  if (COUNTS.has(field) || field.endsWith("_count") || field.endsWith("_in_cents")) return 0;
  return 1;
}

function plausibleString(context: FieldContext): string {
  const { field, noun } = context;
  if (field === "action" && context.action !== undefined) return context.action;
  if (field === "created_at") return CREATED;
  if (/_(?:at|on|date)$/.test(field) || field === "timestamp" || field === "since") return UPDATED;
  if (field.endsWith("_enforcement_level") || field.endsWith("_resolution_level")) return "off";
  if (field === "email" || field.endsWith("_email")) return `${OWNER}@example.com`;
  const cloneUrl = own(REPOSITORY_URLS, field);
  if (cloneUrl !== undefined) return cloneUrl;
  if (field === "url" || field === "href" || field.endsWith("_url")) return urlOf(context);
  if (field === "node_id" || field.endsWith("_node_id")) return nodeIdOf(noun);
  if (
    field === "sha" ||
    field === "before" ||
    field === "after" ||
    field === "sha1" ||
    field === "id"
  )
    return hexOf(`${noun}.${field}`, 40);
  if (/(?:_sha|_oid|commit_id|tree_id)$/.test(field)) return hexOf(`${noun}.${field}`, 40);
  if (field === "sha256") return hexOf(noun, 64);
  if (field === "md5") return hexOf(noun, 32);
  if (field === "login") return noun === "organization" ? ORGANIZATION : OWNER;
  if (field === "type" && isAccount(noun)) return noun === "organization" ? "Organization" : "User";
  if (field === "name") return own(NAMES, noun) ?? `example-${kebab(noun)}`;
  if (field === "title") return own(TITLES, noun) ?? `Example ${noun.replace(/_/g, " ")}`;
  if (field === "description") return `An example ${noun.replace(/_/g, " ")}.`;
  if (field === "slug") return kebab(own(NAMES, noun) ?? `example-${noun}`).toLowerCase();
  return own(STRINGS, field) ?? `example-${kebab(field)}`;
}

/** A table's own entry: a field named `constructor` must not find `Object`. */
function own(table: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function isAccount(noun: string): boolean {
  return noun === "user" || noun === "organization" || noun === "owner" || noun === "sender";
}

/** `https://api.platform.example/...` for the object's API resource, `https://platform.example/...` for its page. */
function urlOf({ field, noun }: FieldContext): string {
  const path = resourcePath(noun);
  if (field.endsWith("html_url"))
    return `https://platform.example/${path.replace(/^(?:repos|users|orgs)\//, "")}`;
  if (field === "avatar_url") return `https://avatars.platform.example/u/${idOf(noun)}`;
  if (field === "url" || field === "href") return `https://api.platform.example/${path}`;
  return `https://api.platform.example/${path}/${kebab(field.slice(0, -"_url".length))}`;
}

function resourcePath(noun: string): string {
  if (isAccount(noun)) return noun === "organization" ? `orgs/${ORGANIZATION}` : `users/${OWNER}`;
  const repository = `repos/${OWNER}/${REPOSITORY}`;
  if (noun === "repository") return repository;
  if (noun === "issue" || noun === "pull_request" || noun === "simple_pull_request")
    return `${repository}/${noun === "issue" ? "issues" : "pulls"}/1`;
  return `${repository}/${kebab(noun)}s/${idOf(noun)}`;
}

/** A stable id per kind of object, in the range real ids have. */
function idOf(noun: string): number {
  return 1_000_000 + (hash(noun) % 90_000_000);
}

/** The platform's node ids are base64 text naming the type and the id. */
function nodeIdOf(noun: string): string {
  const type = noun.replace(/(?:^|_)([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return btoa(`04:${type}${idOf(noun)}`);
}

function hexOf(seed: string, length: number): string {
  let text = "";
  for (let round = 0; text.length < length; round++) {
    text += hash(`${seed}#${round}`).toString(16).padStart(8, "0");
  }
  return text.slice(0, length);
}

function kebab(text: string): string {
  return text.replace(/_/g, "-");
}

/** FNV-1a, 32 bits: small, fast and the same on every run. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}
