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
  type FieldMapsSummary,
  type MemberBlock,
  type MemberView,
  memberBlocks,
  walkFieldMaps,
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
      contents: renderTemplate(TEMPLATE, layoutQueryView(schema, file)),
    },
  ];
}

/** The query builders as one of the content target's emitters. */
export const queryBuildersEmitter: ContentEmitter = async (input) =>
  emitQueryBuilders(input.schema, input.outDir, `content schema "${input.name}"`);

/** The lines of each block of the query module, printed as its members are made. */
interface PrintedBlocks {
  members: Record<MemberBlock, string[]>;
  /** Each argument interface and type interface, printed whole. */
  interfaces: Record<"args" | "types", string[]>;
}

/**
 * Blocks of the template, laid out: the template only places them. Each member is printed as
 * {@link walkFieldMaps} makes it, so only text is kept of the types already read, never every
 * type's members at once. Builders and directive helpers are exported under the names
 * `moduleNames` gives them (the GraphQL name unless taken).
 */
function layoutQueryView(schema: GraphQLSchema, file: string) {
  const printed: PrintedBlocks = {
    members: memberBlocks(),
    interfaces: { args: [], types: [] },
  };
  const directiveNames: string[] = [];
  const summary = walkFieldMaps(schema, file, {
    member: (block, view) => {
      if (block === "directives") directiveNames.push(view.name);
      printed.members[block].push(member(view));
    },
    interface: (block, view) =>
      printed.interfaces[block].push(
        printBlock(
          `interface ${view.name}${view.heritage} `,
          undefined,
          view.members.map(member),
          "",
        ),
      ),
  });
  return layoutBlocks(printed, directiveNames, summary, moduleNames(schema));
}

/** The template's view: each block's printed lines in its interface, then the imports the walk found, the directive helpers and the root builders. */
function layoutBlocks(
  printed: PrintedBlocks,
  directiveNames: readonly string[],
  view: FieldMapsSummary,
  names: ModuleNames,
) {
  const { members, interfaces } = printed;
  const block = (name: string, lines: readonly string[], doc: string) =>
    printBlock(`interface ${name} `, doc, lines, "");
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
    scalars: block("Scalars", members.scalars, "Output types of scalars and enums."),
    inputs: block(
      "Inputs",
      members.inputs,
      "Input types of scalars, enums and input objects, for variables and arguments.",
    ),
    literals: members.literals.length
      ? block(
          "Literals",
          members.literals,
          "Input objects as written in a document's arguments: literal values, variables at any depth.",
        )
      : "",
    leaves: block(
      "Leaves",
      members.leaves,
      "Leaf results: `r` as returned, `s` after `@markdown` or `@transform`, `f` after `@formatDateTime` (text where the API applies them).",
    ),
    args: interfaces.args.join("\n\n"),
    types: interfaces.types.join("\n\n"),
    nested: block(
      "Nested",
      members.nested,
      "The fields of each type whose selection takes arguments or a sub-selection.",
    ),
    possible: block(
      "Possible",
      members.possible,
      "The concrete types behind each interface and union.",
    ),
    directives: block("Directives", members.directives, "Arguments of the field directives."),
    typeInfos: block(
      "Types",
      members.typeInfos,
      "Each object, interface and union type as the runtime's type-level inference reads it: its name\n`n`, field map `f`, the keys whose selection values nest `x`, its possible types `p` and every key\na selection on it may have `k`.",
    ),
    directiveHelpers: directiveNames
      .map((name) =>
        printPureCall(
          names.directive(name),
          "directive",
          [literal(name), typeName(`Directives["${name}"]`)],
          [JSON.stringify(name)],
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
