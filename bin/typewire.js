#!/usr/bin/env node
// The compiled CLI: an installed package ships it in dist/. In a clone of the repository,
// `npm run build` compiles it (`npm run generate` and `npm run check` build first).
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
