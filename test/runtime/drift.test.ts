import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DriftReport, createDriftReporter } from "@typewire/runtime/drift";
import { Webhooks } from "@typewire/runtime/webhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as customTable from "../webhooks/custom-table/generated/drift-table.js";
import { table } from "../webhooks/payload-schema-fixtures.js";

const require = createRequire(import.meta.url);
const SETS = ["api.github.com", "ghes-31", "ghes-32", "ghes-33", "ghes-34", "ghes-35"];
type Payload = Record<string, unknown>;

/** Every example delivery of a table event (with a table action), named for messages. */
const deliveries = SETS.flatMap((set) =>
  (
    require(`@octokit/webhooks-examples/${set}/index.json`) as {
      name: string;
      examples: Payload[];
    }[]
  ).flatMap(({ name, examples }) => {
    const event = name.replace(/^github_/, "platform_");
    const actions = table[event];
    if (actions === undefined) return [];
    return examples
      .map((payload, index) => ({ name: `${set}/${event}/${index}`, event, payload }))
      .filter(({ payload }) => actions.length === 0 || actions.includes(payload.action as string));
  }),
);

function example(event: string, action?: string): Payload {
  const found = deliveries.find(
    (delivery) =>
      delivery.event === event && (action === undefined || delivery.payload.action === action),
  );
  if (!found) throw new Error(`no example of ${event}.${action}`);
  return structuredClone(found.payload);
}

function collect() {
  const reports: DriftReport[] = [];
  return { reports, report: createDriftReporter({ onDrift: (r) => reports.push(r) }) };
}

describe("createDriftReporter, with the platform's table the runtime carries", () => {
  it("reports nothing for any example delivery, hosted or enterprise", () => {
    const { reports, report } = collect();
    expect(deliveries.length).toBeGreaterThan(600);
    for (const { name, event, payload } of deliveries) report({ id: name, name: event, payload });
    expect(reports).toEqual([]);
  });

  it("reports a field the types lack, at depth and in array items, once per event/action and path", () => {
    const { reports, report } = collect();
    const first = example("pull_request", "opened") as {
      pull_request: { base: { repo: Payload }; labels: Payload[] };
    };
    first.pull_request.base.repo.brand_new = { nested: true };
    first.pull_request.labels = [{ id: 1, name: "bug", shade: "red" }];
    report({ id: "1", name: "pull_request", payload: first });
    report({ id: "2", name: "pull_request", payload: first });
    const closed = example("pull_request", "closed") as typeof first;
    closed.pull_request.base.repo.brand_new = 1;
    report({ id: "3", name: "pull_request", payload: closed });
    expect(reports).toEqual([
      {
        id: "1",
        event: "pull_request.opened",
        // In the payload's order: labels come before base in the delivery.
        paths: ["pull_request.labels[].shade", "pull_request.base.repo.brand_new"],
      },
      { id: "3", event: "pull_request.closed", paths: ["pull_request.base.repo.brand_new"] },
    ]);
  });

  it("takes keys of an open map as declared: custom_properties values, client_payload", () => {
    const { reports, report } = collect();
    const pull = example("pull_request", "labeled") as {
      pull_request: { head: { repo: Payload } };
    };
    pull.pull_request.head.repo.custom_properties = { team: "web", tier: ["a", "b"] };
    report({ id: "1", name: "pull_request", payload: pull });
    const dispatch = { action: "sample", branch: "main", client_payload: { any: { deep: [1] } } };
    report({ id: "2", name: "repository_dispatch", payload: dispatch });
    expect(reports).toEqual([]);
  });

  it("reports an action the table lacks as the payload itself, once", () => {
    const { reports, report } = collect();
    const payload = { ...example("issues", "opened"), action: "teleported" };
    report({ id: "1", name: "issues", payload });
    report({ id: "2", name: "issues", payload });
    expect(reports).toEqual([{ id: "1", event: "issues", paths: [""] }]);
  });

  it("logs through log.warn without onDrift, and survives an onDrift that throws", () => {
    const warn = vi.fn();
    const error = vi.fn();
    const payload = { ...example("ping"), surprise: 1 };
    createDriftReporter({ log: { warn } })({ id: "7", name: "ping", payload });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toBe(
      "[typewire] drift: ping delivery 7 carries a field the types do not declare: surprise",
    );
    const failing = createDriftReporter({
      log: { error },
      onDrift: () => {
        throw new Error("sink down");
      },
    });
    expect(() => failing({ id: "8", name: "ping", payload })).not.toThrow();
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe("createDriftReporter in a receiver", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("registered with onAny, reports and keeps the delivery's JSON in a folder", async () => {
    dir = mkdtempSync(join(tmpdir(), "typewire-drift-"));
    const reports: DriftReport[] = [];
    const webhooks = new Webhooks({ secret: "s" });
    webhooks.onAny(createDriftReporter({ keep: dir, onDrift: (r) => reports.push(r) }));
    const payload = { ...example("issues", "opened"), triage: { score: 3 } };
    await webhooks.receive({ id: "d/1", name: "issues", payload } as never);
    await webhooks.receive({ id: "d-2", name: "issues", payload } as never);
    expect(reports).toEqual([
      {
        id: "d/1",
        event: "issues.opened",
        paths: ["triage"],
        file: `${dir}/issues.opened--d_1.json`,
      },
    ]);
    await vi.waitFor(() => expect(readdirSync(dir!)).toEqual(["issues.opened--d_1.json"]));
    const kept = JSON.parse(readFileSync(join(dir, "issues.opened--d_1.json"), "utf8"));
    expect(kept).toMatchObject({
      id: "d/1",
      event: "issues.opened",
      name: "issues",
      paths: ["triage"],
      payload: { triage: { score: 3 } },
    });
  });

  it("walks a project's own table with the drift table generated beside its types", () => {
    const reports: DriftReport[] = [];
    const report = createDriftReporter({ table: customTable, onDrift: (r) => reports.push(r) });
    const hook = { id: 1, url: "https://example.test", environment: "prod", last_status: "ok" };
    const sender = { id: 2, login: "octo" };
    report({
      id: "1",
      name: "deploy_hook",
      payload: { action: "fired", hook, sender, sha: "abc" },
    });
    report({
      id: "2",
      name: "deploy_hook",
      payload: { action: "fired", hook: { ...hook, region: "eu" }, sender, sha: "abc" },
    });
    expect(reports).toEqual([{ id: "2", event: "deploy_hook.fired", paths: ["hook.region"] }]);
  });
});
