import { defineConfig } from "vitest/config";

// Tests import `@typewire/runtime` from its TypeScript sources through the `typewire-source`
// export condition, so they never need a build of the runtime first.
// No "import" here: vite adds it for ESM importers itself, and listing it makes node's require()
// pick the ESM build of dual packages (express's router then gets a namespace, not a function).
const conditions = ["typewire-source", "module", "node", "default"];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ["test/**/*.test.ts"],
    // One folder per run for the packed packages that several test files install (packed()).
    globalSetup: ["test/helpers/global-setup.ts"],
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    // The GraphQL Code Generator packages (and its tools) go through vite too, so they share graphql's ES module
    // build with the generator's code (outside vite they would load its CommonJS build: a schema
    // made by one is refused by the other).
    // So does the render bundle that test/generator/render-bundle.test.ts builds from the sources
    // (with graphql and the plugin inside it, and typewire's own TypeScript modules outside).
    server: {
      deps: {
        inline: [
          /@typewire\/runtime/,
          /@graphql-codegen\//,
          /@graphql-tools\//,
          /typewire-render-/,
        ],
      },
    },
    // Tests start TypeScript children through tsx (the CLI from its sources, the README's
    // receiver), and tsx caches its transforms in the OS temp folder, which tests must leave as
    // they found it: children inherit this and keep that cache in memory.
    env: { TSX_DISABLE_CACHE: "1" },
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
