#!/usr/bin/env node
// The compiled CLI: an installed package ships it in dist/. In a clone of the repository,
// `npm run build` compiles it (`npm run generate` and `npm run check` build first).
import { setFlagsFromString } from "node:v8";

// Most runs are over in a second or two, too soon for V8's optimizing compiler to pay back what
// compiling costs (on other threads, but CPU all the same): with a budget 16 times the default,
// a function is optimized only once it has run 16 times as much. A bundled `generate --force`
// takes about 30% less CPU; a 2 MB content schema about 10% less; a 10,000-type schema the same
// (bench/README.md). Set before the CLI's modules load, so every function of theirs has it.
setFlagsFromString("--interrupt-budget=1081344");
try {
  await import("../dist/cli/bin.js");
} catch (error) {
  const missing =
    error?.code === "ERR_MODULE_NOT_FOUND" &&
    String(error.url ?? error.message).includes("dist/cli/bin.js");
  if (!missing) throw error;
  process.stderr.write(
    "typewire: the CLI is not built yet. Run `npm run build` in the repository.\n",
  );
  process.exitCode = 1;
}
