import { createRequire } from "node:module";

/**
 * Realistic payloads for the events of which `@octokit/webhooks-examples` holds no captured
 * delivery. Each event's own fields are written by hand after the platform's webhook reference
 * (the fields it documents for that event and action, with values of the kind it sends); the
 * shared objects (repository, sender, organization, installation, issues, a deployment, a pull
 * request) are taken from real captured deliveries, so only the event-specific part is ours.
 * Unlike `minimalPayload`, nothing here is derived from our schemas: a schema that disagrees
 * with the documented shape fails on these.
 */

type Payload = Record<string, unknown>;
interface ExampleGroup {
  name: string;
  examples: Payload[];
}

const groups: ExampleGroup[] = createRequire(import.meta.url)("@octokit/webhooks-examples");

function captured(event: string, matches: (payload: Payload) => boolean = () => true): Payload {
  const found = groups.find((g) => g.name === event)?.examples.find(matches);
  if (!found) throw new Error(`no captured ${event} delivery to borrow objects from`);
  return structuredClone(found);
}

// An organization-owned repository, delivered to an app installation.
const orgDelivery = captured("merge_group");
const repository = orgDelivery.repository as Payload & { url: string; html_url: string };
const { organization, sender, installation } = orgDelivery;
const orgOwner = repository.owner as Payload & { login: string };
const web = new URL(repository.html_url).origin;
const api = new URL(repository.url).origin;

// Two issues of one repository, and a deployment and pull request of another.
const opened = captured("issues", (p) => p.action === "opened" && "organization" in p);
const milestoned = captured("issues", (p) => p.action === "milestoned" && "organization" in p);
const issueOne = opened.issue as Payload & { id: number };
const issueTwo = milestoned.issue as Payload & { id: number };
const deploymentDelivery = captured("deployment", (p) => "installation" in p);
const pullRequest = captured("pull_request", (p) => p.action === "opened").pull_request;

const enterprise = {
  id: 1_309,
  slug: "octo-enterprise",
  name: "Octo Enterprise",
  node_id: "MDEwOkVudGVycHJpc2UxMzA5",
  avatar_url: "https://avatars.githubusercontent.com/b/1309?v=4",
  description: "The Octo company's enterprise account",
  website_url: "https://octo.example",
  html_url: `${web}/enterprises/octo-enterprise`,
  created_at: "2019-05-14T19:31:12Z",
  updated_at: "2024-11-02T08:15:47Z",
};

const withActions = (actions: string[], build: (action: string) => Payload): Payload[] =>
  actions.map((action) => ({ action, ...build(action) }));

const orgScope = { organization, installation, sender };
const repoScope = { repository, organization, installation, sender };

const environmentProperty = {
  property_name: "environment",
  url: `${api}/orgs/${orgOwner.login}/properties/schema/environment`,
  source_type: "organization",
  value_type: "single_select",
  required: true,
  default_value: "production",
  description: "Where this service runs",
  allowed_values: ["production", "staging", "development"],
  values_editable_by: "org_actors",
};

const projectV2 = {
  id: 8_431,
  node_id: "PVT_kwDOAGfQGM4AAg8f",
  owner: orgOwner,
  creator: sender,
  title: "Roadmap 2025",
  description: "What the platform team ships this year",
  public: false,
  closed_at: null,
  created_at: "2025-01-06T09:12:44Z",
  updated_at: "2025-03-03T16:40:02Z",
  number: 4,
  short_description: "Platform roadmap",
  deleted_at: null,
  deleted_by: null,
};

const statusUpdate = {
  id: 27_603,
  node_id: "PVTSU_lADOAGfQGM4AAg8fzgBrvNM",
  project_node_id: projectV2.node_id,
  creator: sender,
  created_at: "2025-03-07T11:02:19Z",
  updated_at: "2025-03-07T11:02:19Z",
  status: "ON_TRACK",
  start_date: "2025-03-03",
  target_date: "2025-03-28",
  body: "Payments migration is on schedule; load tests start Monday.",
};

const packageVersion = (version: string, updatedAt: string) => ({
  id: 391_046_212,
  version,
  name: "hello-world-npm",
  description: "",
  summary: "",
  body: "",
  body_html: "",
  html_url: `${web}/${orgOwner.login}/octo-repo/pkgs/npm/hello-world-npm/391046212`,
  target_commitish: "main",
  target_oid: "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b",
  created_at: "2025-02-11T14:20:31Z",
  updated_at: updatedAt,
  metadata: [],
  package_files: [],
  author: sender,
  installation_command: `npm install @${orgOwner.login}/hello-world-npm@${version}`,
  package_url: `npm.pkg.${new URL(web).host}/@${orgOwner.login}/hello-world-npm@${version}`,
});

const registryPackage = (version: string, updatedAt: string) => ({
  id: 5_023_817,
  name: "hello-world-npm",
  namespace: orgOwner.login,
  description: null,
  ecosystem: "npm",
  package_type: "npm",
  html_url: `${web}/orgs/${orgOwner.login}/packages/npm/package/hello-world-npm`,
  created_at: "2025-02-11T14:20:31Z",
  updated_at: updatedAt,
  owner: orgOwner,
  package_version: packageVersion(version, updatedAt),
  registry: {
    about_url: `${web}/features/packages`,
    name: "npm registry",
    type: "npm",
    url: `https://npm.pkg.${new URL(web).host}/${orgOwner.login}`,
    vendor: "Octo Inc",
  },
});

const advisory = (state: "published" | "triage") => ({
  ghsa_id: "GHSA-8w4p-5c2q-h7jm",
  cve_id: state === "published" ? "CVE-2025-31415" : null,
  url: `${repository.url}/security-advisories/GHSA-8w4p-5c2q-h7jm`,
  html_url: `${repository.html_url}/security/advisories/GHSA-8w4p-5c2q-h7jm`,
  summary: "Path traversal in the static file handler",
  description: "A crafted `..%2f` sequence lets a request read files outside the public folder.",
  severity: "high",
  author: sender,
  publisher: state === "published" ? sender : null,
  identifiers: [
    { type: "GHSA", value: "GHSA-8w4p-5c2q-h7jm" },
    ...(state === "published" ? [{ type: "CVE", value: "CVE-2025-31415" }] : []),
  ],
  state,
  created_at: "2025-02-20T08:41:05Z",
  updated_at: "2025-03-01T12:00:00Z",
  published_at: state === "published" ? "2025-03-01T12:00:00Z" : null,
  closed_at: null,
  withdrawn_at: null,
  vulnerabilities: [
    {
      package: { ecosystem: "npm", name: "octo-static" },
      vulnerable_version_range: "< 2.4.1",
      patched_versions: "2.4.1",
      vulnerable_functions: ["serveStatic"],
    },
  ],
  cvss: { vector_string: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", score: 7.5 },
  cwe_ids: ["CWE-22"],
  cwes: [{ cwe_id: "CWE-22", name: "Path Traversal" }],
  credits: [],
  credits_detailed: [],
  collaborating_users: null,
  collaborating_teams: null,
  private_fork: null,
  submission: state === "triage" ? { accepted: false } : null,
});

const ruleset = {
  id: 1_874_221,
  name: "Protect main",
  target: "branch",
  source_type: "Repository",
  source: `${orgOwner.login}/octo-repo`,
  enforcement: "active",
  bypass_actors: [{ actor_id: 5, actor_type: "RepositoryRole", bypass_mode: "always" }],
  conditions: { ref_name: { include: ["~DEFAULT_BRANCH"], exclude: [] } },
  rules: [
    { type: "deletion" },
    { type: "non_fast_forward" },
    {
      type: "pull_request",
      parameters: {
        required_approving_review_count: 1,
        dismiss_stale_reviews_on_push: true,
        require_code_owner_review: false,
        require_last_push_approval: false,
        required_review_thread_resolution: true,
      },
    },
  ],
  node_id: "RRS_lACqUmVwb3NpdG9yec4d8pxCzgAcmN0",
  created_at: "2025-02-04T10:15:30Z",
  updated_at: "2025-03-04T10:15:30Z",
  _links: {
    self: { href: `${repository.url}/rulesets/1874221` },
    html: { href: `${repository.html_url}/rules/1874221` },
  },
};

const secretAlert = (overrides: Payload = {}) => ({
  number: 3,
  created_at: "2025-03-05T09:30:12Z",
  updated_at: "2025-03-05T09:30:12Z",
  url: `${repository.url}/secret-scanning/alerts/3`,
  html_url: `${repository.html_url}/security/secret-scanning/3`,
  locations_url: `${repository.url}/secret-scanning/alerts/3/locations`,
  resolution: null,
  resolved_at: null,
  resolved_by: null,
  resolution_comment: null,
  secret_type: "slack_incoming_webhook_url",
  secret_type_display_name: "Slack Incoming Webhook URL",
  validity: "unknown",
  push_protection_bypassed: false,
  push_protection_bypassed_by: null,
  push_protection_bypassed_at: null,
  publicly_leaked: false,
  multi_repo: false,
  assigned_to: null,
  ...overrides,
});

const secretAlertChanges: Record<string, Payload> = {
  created: { alert: secretAlert() },
  reopened: { alert: secretAlert({ updated_at: "2025-03-08T15:00:00Z" }) },
  resolved: {
    alert: secretAlert({
      resolution: "revoked",
      resolved_at: "2025-03-06T10:02:51Z",
      resolved_by: sender,
      resolution_comment: "Rotated the webhook URL and removed it from history.",
      updated_at: "2025-03-06T10:02:51Z",
    }),
  },
  validated: { alert: secretAlert({ validity: "active" }) },
  publicly_leaked: { alert: secretAlert({ publicly_leaked: true }) },
  assigned: { alert: secretAlert({ assigned_to: sender }), assignee: sender },
  unassigned: { alert: secretAlert(), assignee: sender },
};

const issueLink = (parent: Payload & { id: number }, child: Payload & { id: number }) => ({
  parent_issue_id: parent.id,
  parent_issue: parent,
  parent_issue_repo: opened.repository,
  sub_issue_id: child.id,
  sub_issue: child,
  sub_issue_repo: opened.repository,
  repository: opened.repository,
  organization: opened.organization,
  sender: opened.sender,
});

const blocking = (blocked: Payload & { id: number }, blocker: Payload & { id: number }) => ({
  blocked_issue_id: blocked.id,
  blocked_issue: blocked,
  blocking_issue_id: blocker.id,
  blocking_issue: blocker,
  repository: opened.repository,
  organization: opened.organization,
  sender: opened.sender,
});

const tokenRequest = {
  id: 1_024,
  owner: sender,
  permissions_added: {
    organization: { members: "read" },
    repository: { contents: "read", metadata: "read", pull_requests: "write" },
  },
  permissions_upgraded: {},
  permissions_result: {
    organization: { members: "read" },
    repository: { contents: "read", metadata: "read", pull_requests: "write" },
  },
  repository_selection: "subset",
  repository_count: 1,
  repositories: [
    {
      full_name: `${orgOwner.login}/octo-repo`,
      id: repository.id,
      name: "octo-repo",
      node_id: repository.node_id,
      private: repository.private,
    },
  ],
  created_at: "2025-03-02T17:45:10Z",
  token_id: 88_312,
  token_name: "release-notes-bot",
  token_expired: false,
  token_expires_at: "2025-06-02T17:45:10Z",
  token_last_used_at: null,
};

/** Hand-written payloads by event, at least one per action. */
export const handWrittenPayloads: Record<string, Payload[]> = {
  branch_protection_configuration: withActions(["disabled", "enabled"], () => repoScope),

  custom_property: [
    { action: "created", definition: environmentProperty, ...orgScope },
    {
      action: "updated",
      definition: { ...environmentProperty, allowed_values: ["production", "staging"] },
      ...orgScope,
    },
    { action: "deleted", definition: { property_name: "environment" }, ...orgScope },
    {
      action: "promote_to_enterprise",
      definition: {
        ...environmentProperty,
        source_type: "enterprise",
        url: `${api}/enterprises/${enterprise.slug}/properties/schema/environment`,
      },
      enterprise,
      installation,
      sender,
    },
  ],

  custom_property_values: [
    {
      action: "updated",
      ...repoScope,
      new_property_values: [
        { property_name: "environment", value: "staging" },
        { property_name: "owning_teams", value: ["payments", "platform"] },
      ],
      old_property_values: [
        { property_name: "environment", value: "production" },
        { property_name: "owning_teams", value: null },
      ],
    },
  ],

  deployment_protection_rule: [
    {
      action: "requested",
      environment: "production",
      event: "deployment",
      sha: (deploymentDelivery.deployment as Payload).sha,
      ref: (deploymentDelivery.deployment as Payload).ref,
      deployment_callback_url: `${(deploymentDelivery.repository as Payload).url}/actions/runs/8217456/deployment_protection_rule`,
      deployment: deploymentDelivery.deployment,
      // The description's pull request of this event requires auto_merge, which the captured
      // pull_request.opened delivery predates.
      pull_requests: [{ ...(pullRequest as Payload), auto_merge: null }],
      repository: deploymentDelivery.repository,
      organization: deploymentDelivery.organization,
      installation: deploymentDelivery.installation,
      sender: deploymentDelivery.sender,
    },
  ],

  installation_target: [
    {
      action: "renamed",
      account: {
        id: orgOwner.id,
        node_id: orgOwner.node_id,
        login: "octo-org-labs",
        slug: "octo-org-labs",
        name: "Octo Org Labs",
        type: "Organization",
        avatar_url: orgOwner.avatar_url,
        html_url: `${web}/octo-org-labs`,
        // The description types an account's description of this event as null only.
        description: null,
        website_url: null,
        archived_at: null,
        created_at: "2014-02-11T18:44:47Z",
        updated_at: "2025-03-04T08:00:00Z",
        public_repos: 12,
        public_gists: 0,
        followers: 40,
        following: 0,
        is_verified: false,
        has_organization_projects: true,
        has_repository_projects: true,
      },
      changes: { login: { from: orgOwner.login }, slug: { from: orgOwner.login } },
      installation,
      target_type: "Organization",
      sender,
    },
  ],

  issue_dependencies: [
    {
      action: "blocked_by_added",
      ...blocking(issueOne, issueTwo),
      blocking_issue_repo: opened.repository,
    },
    {
      action: "blocked_by_removed",
      ...blocking(issueOne, issueTwo),
      blocking_issue_repo: opened.repository,
    },
    {
      action: "blocking_added",
      ...blocking(issueTwo, issueOne),
      blocked_issue_repo: opened.repository,
    },
    {
      action: "blocking_removed",
      ...blocking(issueTwo, issueOne),
      blocked_issue_repo: opened.repository,
    },
  ],

  personal_access_token_request: withActions(
    ["approved", "cancelled", "created", "denied"],
    () => ({ personal_access_token_request: tokenRequest, ...orgScope }),
  ),

  projects_v2: [
    { action: "created", projects_v2: projectV2, ...orgScope },
    {
      action: "closed",
      projects_v2: { ...projectV2, closed_at: "2025-12-19T17:00:00Z" },
      ...orgScope,
    },
    { action: "reopened", projects_v2: projectV2, ...orgScope },
    {
      action: "edited",
      projects_v2: projectV2,
      changes: {
        title: { from: "Roadmap", to: "Roadmap 2025" },
        short_description: { from: null, to: "Platform roadmap" },
      },
      ...orgScope,
    },
    {
      action: "deleted",
      projects_v2: { ...projectV2, deleted_at: "2025-12-31T10:00:00Z", deleted_by: sender },
      ...orgScope,
    },
  ],

  projects_v2_status_update: [
    { action: "created", projects_v2_status_update: statusUpdate, ...orgScope },
    {
      action: "edited",
      projects_v2_status_update: {
        ...statusUpdate,
        status: "AT_RISK",
        updated_at: "2025-03-14T09:00:00Z",
      },
      changes: { status: { from: "ON_TRACK", to: "AT_RISK" } },
      ...orgScope,
    },
    { action: "deleted", projects_v2_status_update: statusUpdate, ...orgScope },
  ],

  registry_package: [
    {
      action: "published",
      registry_package: registryPackage("1.0.0", "2025-02-11T14:20:31Z"),
      ...repoScope,
    },
    {
      action: "updated",
      registry_package: registryPackage("1.0.1", "2025-02-18T09:03:12Z"),
      ...repoScope,
    },
  ],

  repository_advisory: [
    { action: "published", repository_advisory: advisory("published"), ...repoScope },
    { action: "reported", repository_advisory: advisory("triage"), ...repoScope },
  ],

  repository_ruleset: [
    { action: "created", repository_ruleset: ruleset, ...repoScope },
    {
      action: "edited",
      repository_ruleset: ruleset,
      changes: {
        enforcement: { from: "evaluate" },
        rules: { added: [{ type: "non_fast_forward" }], deleted: [], updated: [] },
      },
      ...repoScope,
    },
    { action: "deleted", repository_ruleset: ruleset, ...repoScope },
  ],

  secret_scanning_alert: Object.entries(secretAlertChanges).map(([action, fields]) => ({
    action,
    ...fields,
    ...repoScope,
  })),

  secret_scanning_alert_location: [
    {
      action: "created",
      alert: secretAlert(),
      location: {
        type: "commit",
        details: {
          path: "deploy/notify.sh",
          start_line: 4,
          end_line: 4,
          start_column: 12,
          end_column: 93,
          blob_sha: "af5626b4a114abcb82d63db7c8082c3c4756e51b",
          blob_url: `${repository.url}/git/blobs/af5626b4a114abcb82d63db7c8082c3c4756e51b`,
          commit_sha: "f14d7debf9775f957cf4f1e8176da0786431f72b",
          commit_url: `${repository.url}/git/commits/f14d7debf9775f957cf4f1e8176da0786431f72b`,
        },
      },
      ...repoScope,
    },
  ],

  secret_scanning_scan: [
    {
      action: "completed",
      type: "backfill",
      source: "git",
      started_at: "2025-03-05T09:00:00Z",
      completed_at: "2025-03-05T09:04:37Z",
      secret_types: ["slack_incoming_webhook_url", "npm_access_token"],
      custom_pattern_name: null,
      custom_pattern_scope: null,
      ...repoScope,
    },
  ],

  security_and_analysis: [
    {
      changes: {
        from: {
          security_and_analysis: {
            advanced_security: { status: "disabled" },
            secret_scanning: { status: "disabled" },
            secret_scanning_push_protection: { status: "disabled" },
          },
        },
      },
      ...repoScope,
      repository: {
        ...repository,
        // The description's full repository of this event carries these counts.
        has_discussions: false,
        network_count: 0,
        subscribers_count: 1,
        security_and_analysis: {
          advanced_security: { status: "enabled" },
          secret_scanning: { status: "enabled" },
          secret_scanning_push_protection: { status: "enabled" },
        },
      },
    },
  ],

  sub_issues: withActions(
    ["parent_issue_added", "parent_issue_removed", "sub_issue_added", "sub_issue_removed"],
    () => issueLink(issueOne, issueTwo),
  ),
};
