#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader, so there is no build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../generator/cli/main.ts");
const interrupted = new Promise((resolve) => {
  process.once("SIGINT", resolve);
  process.once("SIGTERM", resolve);
});
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  interrupted,
});
