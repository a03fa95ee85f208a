import {
  type GraphQLSchema,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedDirective,
} from "graphql";
import { compareText } from "../writer.js";

/**
 * Words a generated module cannot declare: ECMAScript's reserved words (in strict mode and module
 * code, `await`, `arguments` and `eval` included) and TypeScript's predefined type names.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  // ECMAScript reserved words, and those of strict mode and modules.
  ...["break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete"],
  ...["do", "else", "enum", "export", "extends", "false", "finally", "for", "function", "if"],
  ...["import", "in", "instanceof", "new", "null", "return", "super", "switch", "this", "throw"],
  ...["true", "try", "typeof", "var", "void", "while", "with", "yield", "let", "static"],
  ...["implements", "interface", "package", "private", "protected", "public", "await"],
  ...["arguments", "eval"],
  // TypeScript's predefined types, which no interface or type alias may be named.
  ...["any", "unknown", "never", "string", "number", "boolean", "bigint", "symbol", "object"],
  "undefined",
]);

/**
 * Every name a schema's module (`types.ts`, `query.ts`, re-exported together by `index.ts`)
 * declares, imports or reads from the global scope for itself. No schema name is generated as one
 * of these.
 */
export const MODULE_NAMES: ReadonlySet<string> = new Set([
  // types.ts
  "Maybe",
  "InputMaybe",
  "Scalars",
  "Array",
  // query.ts: its exports, private tables, imports and the globals it reads.
  "query",
  "on",
  "select",
  "QuerySchema",
  "Inputs",
  "Literals",
  "Leaves",
  "Nested",
  "Possible",
  "Directives",
  "Types",
  // query.ts's imports from @typewire/runtime/content.
  ...[
    "builder",
    "directive",
    "fragmentOf",
    "queryOf",
    "selectOf",
    "DateTimeString",
    "EnumValue",
    "Variable",
  ],
  "SpecialKeys",
  "Pick",
]);

/** The TypeScript names of one schema's module; see {@link moduleNames}. */
export interface ModuleNames {
  /** The declared name of an object, interface, union, enum, input object or scalar type. */
  type(name: string): string;
  /** `types.ts`'s argument type of `type`'s field `field`: `<Type>_<field>Args` unless taken. */
  fieldArgs(type: string, field: string): string;
  /** The exported builder of a root query field. */
  root(field: string): string;
  /** The exported helper of a field directive. */
  directive(name: string): string;
  /**
   * A claimer for one file's private names, after every name above: `claim(name)` gives `name`, or
   * `name` with `$` appended until it is no name of the module's nor one this claimer gave before.
   */
  privateNames(): (name: string) => string;
}

const cache = new WeakMap<GraphQLSchema, ModuleNames>();

/**
 * The names of a schema's module, the same for every file of it. The rule: each generated name is
 * the GraphQL name (for argument types, `<Type>_<field>Args`), unless it is taken; a taken name
 * gets `$` appended, again until it is free. GraphQL names never contain `$`, so a renamed name
 * never takes another schema name's place. Taken are {@link RESERVED_WORDS},
 * {@link MODULE_NAMES}, and every name claimed before, in this order: types (sorted by name),
 * argument types (by type, then field), root field builders (by field), field directive helpers
 * (by name), then a file's private names (`query.ts`'s argument interfaces). So a root field and
 * a directive of the same name give `name` (the builder) and `name$` (the helper).
 *
 * @example
 * moduleNames(buildSchema("type Query { on: String }")).root("on"); // "on$"
 */
export function moduleNames(schema: GraphQLSchema): ModuleNames {
  let names = cache.get(schema);
  if (!names) {
    names = computeNames(schema);
    cache.set(schema, names);
  }
  return names;
}

function computeNames(schema: GraphQLSchema): ModuleNames {
  const taken = new Set([...RESERVED_WORDS, ...MODULE_NAMES]);
  const claimer =
    (set: Set<string>) =>
    (name: string): string => {
      let free = name;
      while (set.has(free)) free += "$";
      set.add(free);
      return free;
    };
  const claim = claimer(taken);
  const byName = <T extends { name: string }>(a: T, b: T) => compareText(a.name, b.name);
  const named = Object.values(schema.getTypeMap())
    .filter((type) => !type.name.startsWith("__"))
    .sort(byName);
  // Scalars are not declared: they are keys of `Scalars`, so they keep their names.
  const types = new Map(
    named.map((type) => [type.name, isScalarType(type) ? type.name : claim(type.name)]),
  );
  const args = new Map<string, string>();
  for (const type of named) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue;
    for (const field of Object.values(type.getFields()).sort(byName)) {
      if (field.args.length > 0)
        args.set(`${type.name}.${field.name}`, claim(`${type.name}_${field.name}Args`));
    }
  }
  const query = schema.getQueryType();
  const roots = new Map(
    Object.keys(query?.getFields() ?? {})
      .sort(compareText)
      .map((field) => [field, claim(field)]),
  );
  const directives = new Map(
    schema
      .getDirectives()
      .filter((d) => !isSpecifiedDirective(d) && d.locations.includes("FIELD" as never))
      .map((d) => d.name)
      .sort(compareText)
      .map((name) => [name, claim(name)]),
  );
  const known = (map: Map<string, string>, key: string, what: string) => {
    const name = map.get(key);
    if (name === undefined) throw new Error(`no generated name for ${what} "${key}"`);
    return name;
  };
  return {
    type: (name) => known(types, name, "type"),
    fieldArgs: (type, field) => known(args, `${type}.${field}`, "the arguments of"),
    root: (field) => known(roots, field, "root field"),
    directive: (name) => known(directives, name, "directive"),
    privateNames: () => claimer(new Set(taken)),
  };
}
