import type { GraphQLSchema } from "graphql";
import { readType } from "../print/read-type.js";
import {
  type Declaration,
  literal,
  printBlock,
  printDeclarations,
  printPureCall,
  printTextObjectProperty,
  printTextProperty,
  typeName,
} from "../print/ts-syntax.js";
import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import type { ContentEmitter } from "./content-emitter.js";
import {
  type FieldMapsView,
  type InterfaceView,
  type MemberView,
  readFieldMaps,
} from "./field-maps.js";
import { type ModuleNames, moduleNames } from "./module-names.js";

const TEMPLATE = "content/query.ts.hbs";

/**
 * `query.ts`: the typed query builders of one content schema (field maps, one builder per root
 * query field, the directive helpers). Works for any schema; `file` names the schema's input in
 * error messages.
 *
 * @example
 * const [file] = emitQueryBuilders(buildSchema(sdl), "output/content/site", "schemas/content/site.graphql");
 */
export function emitQueryBuilders(
  schema: GraphQLSchema,
  outDir: string,
  file: string,
): EmittedFile[] {
  return [
    {
      outDir,
      path: "query.ts",
      source: templatePath(TEMPLATE),
      contents: renderTemplate(
        TEMPLATE,
        layoutQueryView(readFieldMaps(schema, file), moduleNames(schema)),
      ),
    },
  ];
}

/** The query builders as one of the content target's emitters. */
export const queryBuildersEmitter: ContentEmitter = async (input) =>
  emitQueryBuilders(input.schema, input.outDir, `content schema "${input.name}"`);

/**
 * Blocks of the template, laid out: the template only places them. Builders and directive helpers
 * are exported under the names `names` gives them (the GraphQL name unless taken).
 */
function layoutQueryView(view: FieldMapsView, names: ModuleNames) {
  const block = (name: string, members: readonly MemberView[], doc: string) =>
    printBlock(`interface ${name} `, doc, members.map(member), "");
  const interfaces = (views: readonly InterfaceView[]) =>
    views
      .map((v) =>
        printBlock(`interface ${v.name}${v.heritage} `, undefined, v.members.map(member), ""),
      )
      .join("\n\n");
  return {
    imports: print([
      {
        kind: "import",
        typeOnly: false,
        from: "@typewire/runtime/content",
        names: [
          "builder",
          ...view.imports.map((name) => `type ${name}`),
          "type SpecialKeys",
          "directive",
          "fragmentOf",
          "queryOf",
          "selectOf",
        ],
      },
    ]),
    scalars: block("Scalars", view.scalars, "Output types of scalars and enums."),
    inputs: block(
      "Inputs",
      view.inputs,
      "Input types of scalars, enums and input objects, for variables and arguments.",
    ),
    literals: view.literals.length
      ? block(
          "Literals",
          view.literals,
          "Input objects as written in a document's arguments: literal values, variables at any depth.",
        )
      : "",
    leaves: block(
      "Leaves",
      view.leaves,
      "Leaf results: `r` as returned, `s` after `@markdown` or `@transform`, `f` after `@formatDateTime` (text where the API applies them).",
    ),
    args: interfaces(view.args),
    types: interfaces(view.types),
    nested: block(
      "Nested",
      view.nested,
      "The fields of each type whose selection takes arguments or a sub-selection.",
    ),
    possible: block(
      "Possible",
      view.possible,
      "The concrete types behind each interface and union.",
    ),
    directives: block("Directives", view.directives, "Arguments of the field directives."),
    typeInfos: block(
      "Types",
      view.typeInfos,
      "Each object, interface and union type as the runtime's type-level inference reads it: its name\n`n`, field map `f`, the keys whose selection values nest `x`, its possible types `p` and every key\na selection on it may have `k`.",
    ),
    directiveHelpers: view.directives
      .map((d) =>
        printPureCall(
          names.directive(d.name),
          "directive",
          [literal(d.name), typeName(`Directives["${d.name}"]`)],
          [JSON.stringify(d.name)],
        ),
      )
      .join("\n"),
    roots: view.roots
      .map(
        (root) =>
          (root.description ? `/** ${root.description} */\n` : "") +
          printPureCall(
            names.root(root.name),
            "builder",
            [typeName(`${root.root}["${root.name}"]`)],
            [JSON.stringify(root.name)],
          ),
      )
      .join("\n"),
  };
}

/**
 * A member of one of the module's interfaces (top level, so its line is indented two spaces). A
 * view's text is its type as the printer prints it flat, so when the whole line fits the text
 * stands as it is; only a member that breaks is read into nodes.
 */
function member(view: MemberView): string {
  const name = view.name.startsWith('"') ? (JSON.parse(view.name) as string) : view.name;
  if (view.parts) return printTextObjectProperty(name, view.optional, view.parts(), 2, readText);
  return printTextProperty(name, view.optional, view.text, 2, () => readType(view.text));
}

const readText = (member: MemberView) => readType(member.text);

function print(declarations: readonly Declaration[]): string {
  return declarations.length === 0 ? "" : printDeclarations(declarations).trimEnd();
}
