#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader, so there is no build step.
import { existsSync } from "node:fs";
import { register } from "node:module";
import { register as registerTsx } from "tsx/esm/api";

registerTsx();
// In a source checkout the workspace's @typewire/runtime has no dist/ until it is built, so
// resolve it (and its `#signature` imports) from its sources, as the tests and tsc do.
if (existsSync(new URL("../runtime/src/index.ts", import.meta.url))) {
  register(
    "data:text/javascript,export function resolve(specifier, context, next) { return next(specifier, { ...context, conditions: [...context.conditions, 'typewire-source'] }); }",
  );
}
const { main } = await import("../cli/main.ts");
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
