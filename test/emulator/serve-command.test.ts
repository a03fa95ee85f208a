import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { main } from "../../cli/main.js";

function io(cwd: string) {
  let stop!: () => void;
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stop: () => stop(),
    io: {
      stdout: (text: string) => out.push(text),
      stderr: (text: string) => err.push(text),
      cwd,
      interrupted: new Promise<void>((resolve) => {
        stop = resolve;
      }),
    },
  };
}

it("typewire serve starts the emulator with the config file, prints its URL and stops on interrupt", async () => {
  const dir = await mkdtemp(join(tmpdir(), "typewire-serve-"));
  try {
    await writeFile(
      join(dir, "serve.json"),
      JSON.stringify({ route: "/graphql", enableGraphQlCaching: false }),
    );
    const run = io(dir);
    const exit = main(["serve", "--port", "0", "--config", "serve.json"], run.io);
    let url: string | undefined;
    for (let i = 0; i < 200 && !url; i++) {
      url = /content API at (\S+)/.exec(run.out.join(""))?.[1];
      if (!url) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
    const response = await fetch(`${url}?query={ping}`);
    expect(await response.json()).toEqual({ data: { ping: "pong" } });
    expect(response.headers.get("x-typewire-cache")).toBe("BYPASS");
    expect(run.out.join("")).toMatch(/partners\s+Partner feed\s+private, token nw-partners-\w+\n/);
    run.stop();
    expect(await exit).toBe(0);
    await expect(fetch(`${url}?query={ping}`)).rejects.toThrow();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it("typewire serve refuses a bad port and a bad site file with exit codes 2 and 1", async () => {
  const dir = await mkdtemp(join(tmpdir(), "typewire-serve-"));
  try {
    const bad = io(dir);
    expect(await main(["serve", "--port", "http"], bad.io)).toBe(2);
    expect(bad.err.join("")).toMatch(/--port must be a number/);
    await writeFile(join(dir, "site.json"), "{}");
    const broken = io(dir);
    expect(await main(["serve", "--port", "0", "--site", "site.json"], broken.io)).toBe(1);
    expect(broken.err.join("")).toMatch(/site\.json:1:1: missing required key/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
