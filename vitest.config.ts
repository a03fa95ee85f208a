import { defineConfig } from "vitest/config";

// Tests import `@typewire/runtime` from its TypeScript sources through the `typewire-source`
// export condition, so they never need a build of the runtime first.
const conditions = ["typewire-source", "import", "module", "node", "default"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ["test/**/*.test.ts"],
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    server: { deps: { inline: [/@typewire\/runtime/] } },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
