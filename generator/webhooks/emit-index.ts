import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";

const TEMPLATE = "webhooks/index.ts.hbs";

/** `index.ts`: the entry point that re-exports the generated webhook modules. */
export function emitWebhooksIndex(outDir: string): EmittedFile {
  return {
    outDir,
    path: "index.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, {}),
  };
}
