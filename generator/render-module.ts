import { existsSync } from "node:fs";

/**
 * The bundled module a target renders with, when the build made one: `dist/generator/render/`
 * holds each emitter with the modules only it uses, graphql and the operations plugin
 * (`scripts/build-render-bundle.ts`), a few modules to load instead of several hundred. Undefined
 * from the sources, where the target imports its emitter's own module; both export the same
 * functions.
 *
 * @example
 * const bundled = renderBundle("emit-content");
 * const { emitContent } = bundled ? await import(bundled) : await import("./emit-content.js");
 */
export function renderBundle(name: "emit-webhooks" | "emit-content"): string | undefined {
  const bundled = new URL(`./render/${name}.js`, import.meta.url);
  return existsSync(bundled) ? bundled.href : undefined;
}
