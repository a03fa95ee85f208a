import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";

const TEMPLATE = "webhooks/validate-event-name.ts.hbs";

/** `validate-event-name.ts`: an O(1) lookup in a Set built from `emitterEventNames`. */
export function emitValidateEventName(outDir: string): EmittedFile {
  return {
    outDir,
    path: "validate-event-name.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, {}),
  };
}
