import { type Declaration, printDeclarations } from "../print/ts-syntax.js";
import { printArrowConst, printArrowMembers } from "../print/value-syntax.js";
import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { buildExamplePayloads } from "./example-payload.js";
import { exampleFunctionName } from "./example-value.js";
import type { PayloadSchemas } from "./payload-schema-model.js";
import { pascalCase } from "./payload-type.js";

const TEMPLATE = "webhooks/example-payloads.ts.hbs";

/**
 * `example-payloads.ts`: `examplePayloads`, a function per event without actions and per
 * `event.action` that returns a new example payload built from the schemas, typed by
 * `WebhookPayloadMap`. Shared objects are one function each (`exampleUser()`), so the module
 * stays small. `index.ts` does not re-export it: only code that asks for examples loads them.
 *
 * @example
 * emitExamplePayloads(schemas, "output/webhooks");
 */
export function emitExamplePayloads(schemas: PayloadSchemas, outDir: string): EmittedFile {
  const { definitions, payloads } = buildExamplePayloads(schemas);
  const imports: Declaration[] = [
    { kind: "import", typeOnly: true, names: ["WebhookPayloadMap"], from: "./payloads/map.js" },
  ];
  if (definitions.length > 0) {
    imports.push({
      kind: "import",
      typeOnly: true,
      names: definitions.map(({ name }) => pascalCase(name)),
      from: "./payloads/definitions.js",
    });
  }
  return {
    outDir,
    path: "example-payloads.ts",
    source: templatePath(TEMPLATE),
    contents: renderTemplate(TEMPLATE, {
      imports: printDeclarations(imports).replace(/\n\n/g, "\n").trimEnd(),
      definitions: definitions
        .map(
          ({ name, value }) =>
            `${printArrowConst(exampleFunctionName(name), pascalCase(name), value)}\n\n`,
        )
        .join(""),
      entries: printArrowMembers(
        payloads.map(({ name, value }) => [name, value] as const),
        1,
      ),
    }),
  };
}
