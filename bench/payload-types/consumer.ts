/**
 * The consumer both type sets are checked against: 20 handlers on different `event.action`
 * names, each reading two or three payload fields. `LIBRARY` is replaced by the package name.
 */
export const consumerSource = (
  library: string,
): string => `import type { EmitterWebhookEvent, EmitterWebhookEventName } from "${library}";

declare function on<E extends EmitterWebhookEventName>(name: E, handler: (event: EmitterWebhookEvent<E>) => void): void;
declare function log(...values: unknown[]): void;

on("issues.opened", (event) => log(event.payload.issue.number, event.payload.issue.title, event.payload.repository.full_name));
on("issues.closed", (event) => log(event.payload.issue.state, event.payload.sender.login));
on("issue_comment.created", (event) => log(event.payload.comment.body, event.payload.issue.number));
on("pull_request.opened", (event) => log(event.payload.pull_request.number, event.payload.pull_request.head.ref, event.payload.pull_request.base.ref));
on("pull_request.closed", (event) => log(event.payload.pull_request.merged, event.payload.pull_request.merged_at));
on("pull_request.synchronize", (event) => log(event.payload.before, event.payload.after));
on("pull_request_review.submitted", (event) => log(event.payload.review.state, event.payload.review.body));
on("pull_request_review_comment.created", (event) => log(event.payload.comment.path, event.payload.comment.body));
on("check_run.completed", (event) => log(event.payload.check_run.conclusion, event.payload.check_run.name));
on("check_suite.requested", (event) => log(event.payload.check_suite.head_sha, event.payload.check_suite.head_branch));
on("workflow_run.completed", (event) => log(event.payload.workflow_run.conclusion, event.payload.workflow_run.html_url, event.payload.workflow?.name));
on("workflow_job.queued", (event) => log(event.payload.workflow_job.labels, event.payload.workflow_job.run_id));
on("release.published", (event) => log(event.payload.release.tag_name, event.payload.release.name));
on("deployment_status.created", (event) => log(event.payload.deployment_status.state, event.payload.deployment.environment));
on("label.created", (event) => log(event.payload.label.name, event.payload.label.color));
on("star.created", (event) => log(event.payload.starred_at, event.payload.repository.stargazers_count));
on("installation.created", (event) => log(event.payload.installation.id, event.payload.sender.login));
on("discussion.created", (event) => log(event.payload.discussion.title, event.payload.discussion.number));
on("repository.created", (event) => log(event.payload.repository.name, event.payload.repository.private));
on("member.added", (event) => log(event.payload.member?.login, event.payload.repository.full_name));
`;
