import { describe, expect, it } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";
import { tempDir, writeTree } from "../helpers/temp-project.js";

// What a user sees in the terminal for a config with mistakes: the CLI runs as a process.
describe("config errors, through the CLI", () => {
  it("reports every problem of the file in one run, with a did-you-mean for misspelt keys", async () => {
    const dir = await tempDir();
    await writeTree(dir, {
      "typewire.config.json": `${JSON.stringify(
        {
          webhook: { out: "gen" },
          content: {
            outt: "gen/content",
            out: "gen/content",
            schemas: {
              site: { file: "missing.graphql" },
              live: { endpoint: "http://127.0.0.1:9/api", tokenEnv: "TYPEWIRE_TEST_UNSET_TOKEN" },
            },
          },
        },
        null,
        2,
      )}\n`,
    });
    const shape = await runCliProcess(["generate"], { cwd: dir });
    expect(shape.code).toBe(1);
    const lines = shape.stderr.trim().split("\n");
    expect(lines).toEqual([
      'error: typewire.config.json:2:3: unknown key "webhook"; did you mean "webhooks"? (at webhook)',
      'error: typewire.config.json:6:5: unknown key "outt"; did you mean "out"? (at content.outt)',
    ]);

    // With the shape right, the problems of the inputs come together too.
    await writeTree(dir, {
      "typewire.config.json": `${JSON.stringify(
        {
          webhooks: { events: "events.json", out: "gen" },
          content: {
            out: "gen/content",
            schemas: {
              site: { file: "missing.graphql" },
              live: { endpoint: "http://127.0.0.1:9/api", tokenEnv: "TYPEWIRE_TEST_UNSET_TOKEN" },
            },
          },
        },
        null,
        2,
      )}\n`,
    });
    const inputs = await runCliProcess(["generate"], { cwd: dir });
    expect(inputs.code).toBe(1);
    const problems = inputs.stderr.trim().split("\n");
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^error: typewire\.config\.json:3:5: "events\.json" does not exist .*\(at webhooks\.events\)$/,
    );
    expect(problems[1]).toMatch(
      /^error: typewire\.config\.json:\d+:\d+: environment variable TYPEWIRE_TEST_UNSET_TOKEN is not set .*\(at content\.schemas\.live\.tokenEnv\)$/,
    );
    expect(problems[2]).toMatch(
      /"missing\.graphql" does not exist .*\(at content\.schemas\.site\.file\)$/,
    );
    expect(inputs.stdout).toBe("");
  }, 60_000);

  it("an unset token variable is the same failure from a flag as from a config: exit 1, `error:`", async () => {
    const dir = await tempDir();
    const env = { TYPEWIRE_TEST_UNSET_TOKEN: undefined };
    const fromFlag = await runCliProcess(
      [
        "introspect",
        "--endpoint",
        "http://127.0.0.1:9/api",
        "--token-env",
        "TYPEWIRE_TEST_UNSET_TOKEN",
      ],
      { cwd: dir, env },
    );
    await writeTree(dir, {
      "typewire.config.json": JSON.stringify({
        content: {
          out: "gen",
          schemas: {
            live: { endpoint: "http://127.0.0.1:9/api", tokenEnv: "TYPEWIRE_TEST_UNSET_TOKEN" },
          },
        },
      }),
    });
    const fromConfig = await runCliProcess(["generate"], { cwd: dir, env });
    for (const result of [fromFlag, fromConfig]) {
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^error: .*environment variable TYPEWIRE_TEST_UNSET_TOKEN is not set/,
      );
    }
  }, 60_000);
});
