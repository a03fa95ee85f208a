import { existsSync } from "node:fs";

/** The folder beside this module that the build bundles the emitters into. */
export const RENDER_FOLDER = "render";

/**
 * The emitters the build bundles (`scripts/build-render-bundle.ts`), by the name of the bundle's
 * module for each (`<name>.js`), with their own module's path in the compiled tree.
 */
export const RENDER_ENTRIES = {
  "emit-webhooks": "generator/webhooks/emit-webhooks",
  "emit-content": "generator/content/emit-content",
} as const;

/**
 * The module a target renders with: the bundled one when the build made it
 * (`dist/generator/render/` holds each emitter with the modules only it uses, graphql and the
 * operations plugin, a few modules to load instead of several hundred), else the emitter's own
 * module, which `own` imports (from the sources). Both export the same functions.
 *
 * @example
 * const { emitContent } = await renderModule("emit-content", () => import("./emit-content.js"));
 */
export async function renderModule<T>(
  name: keyof typeof RENDER_ENTRIES,
  own: () => Promise<T>,
): Promise<T> {
  const bundled = new URL(`./${RENDER_FOLDER}/${name}.js`, import.meta.url);
  return existsSync(bundled) ? ((await import(bundled.href)) as T) : own();
}
