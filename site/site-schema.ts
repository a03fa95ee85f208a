import {
  DirectiveLocation,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLFloat,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  GraphQLID,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  type GraphQLNamedType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLType,
  Kind,
  type TypeNode,
  lexicographicSortSchema,
  parseType,
  specifiedDirectives,
} from "graphql";
import {
  COMMON_ARGUMENTS,
  COMMON_FIELDS,
  COUNT_ARGUMENTS,
  DEPRECATED_FIELDS,
  DIRECTIVES,
  DRAFT_ARGUMENTS,
  type ElementKind,
  INTERFACE_FIELDS,
  INTERFACE_NAMES,
  KIND_ARGUMENTS,
  QUERY_FIELDS,
  type Row,
  TRANSFORM_ARGUMENTS,
} from "./api-tables.js";
import { DateTimeScalar, QueryArgumentScalar } from "./content-scalars.js";
import { RELATION_QUERY, customFieldType } from "./custom-field-type.js";
import { resolveScope } from "./site-scope.js";
import {
  USER_TYPE_NAME,
  assetTypeName,
  blockTypeName,
  categoryTypeName,
  entryTypeName,
  globalSetTypeName,
  tagTypeName,
} from "./type-names.js";
import type { FieldDefinition, Site, SiteScope } from "./site-model.js";

type QueryKind = keyof typeof QUERY_FIELDS;

/**
 * Builds the content API schema a site serves: the scalars, the seven interfaces, the query
 * fields with every argument, the directives, and one concrete type per entry type, volume,
 * category group, tag group, global set and matrix block type that `scope` grants (all of them
 * without a scope). Everything is sorted, so the printed SDL is stable. Interfaces resolve an
 * element's concrete type from its `__typename` (graphql-js' default), named by `type-names.ts`.
 *
 * @example
 * const schema = buildContentSchema(site, site.schemas.public.scope);
 * printSchema(schema).includes("type news_article_Entry implements EntryInterface"); // true
 */
export function buildContentSchema(site: Site, scope?: SiteScope): GraphQLSchema {
  const named = new Map<string, GraphQLNamedType>([
    ["Boolean", GraphQLBoolean],
    ["Float", GraphQLFloat],
    ["ID", GraphQLID],
    ["Int", GraphQLInt],
    ["String", GraphQLString],
    ["DateTime", DateTimeScalar],
    ["QueryArgument", QueryArgumentScalar],
  ]);
  const ref = (sdl: string) => typeOf(parseType(sdl), named);
  const args = (rows: readonly Row[]): GraphQLFieldConfigArgumentMap => {
    const map: GraphQLFieldConfigArgumentMap = {};
    for (const [name, type, description] of rows) {
      if (map[name]) throw new Error(`argument "${name}" listed twice`);
      map[name] = { type: ref(type) as never, description };
    }
    return map;
  };
  const granted = resolveScope(site, scope);
  // The draft arguments exist only for a schema that may query drafts, as in the CMS.
  const queryArgs = (kind: QueryKind) =>
    args([
      ...COMMON_ARGUMENTS,
      ...KIND_ARGUMENTS[kind],
      ...(kind === "entry" && granted.drafts ? DRAFT_ARGUMENTS : []),
    ]);
  const fields = (kind: ElementKind): GraphQLFieldConfigMap<unknown, unknown> => {
    const map: GraphQLFieldConfigMap<unknown, unknown> = {};
    for (const [name, type, description] of [...COMMON_FIELDS, ...INTERFACE_FIELDS[kind]]) {
      const deprecationReason = DEPRECATED_FIELDS[name];
      map[name] = {
        type: ref(type) as never,
        description,
        ...(deprecationReason ? { deprecationReason } : {}),
      };
    }
    map._count!.args = args(COUNT_ARGUMENTS);
    if (kind === "asset") map.url!.args = args(TRANSFORM_ARGUMENTS);
    if (kind === "entry") map.children!.args = queryArgs("entry");
    return map;
  };
  const customFields = (definitions: readonly (readonly [string, FieldDefinition])[]) => {
    const map: GraphQLFieldConfigMap<unknown, unknown> = {};
    for (const [handle, field] of definitions) {
      const query = RELATION_QUERY[field.kind];
      map[handle] = {
        type: ref(customFieldType(field)) as never,
        description: field.instructions ?? field.name,
        ...(query ? { args: queryArgs(query) } : {}),
      };
    }
    return map;
  };
  const layout = (handles: readonly string[]) =>
    handles.map((handle) => [handle, site.fields[handle]!] as const);

  const interfaces = new Map<ElementKind, GraphQLInterfaceType>();
  for (const [kind, name] of Object.entries(INTERFACE_NAMES) as [ElementKind, string][]) {
    const type = new GraphQLInterfaceType({
      name,
      description: `Fields every ${kind} has.`,
      fields: () => fields(kind),
    });
    interfaces.set(kind, type);
    named.set(name, type);
  }
  const concrete: GraphQLObjectType[] = [];
  const addConcrete = (
    name: string,
    kind: ElementKind,
    custom: readonly (readonly [string, FieldDefinition])[],
  ) => {
    const type = new GraphQLObjectType({
      name,
      interfaces: [interfaces.get(kind)!],
      fields: () => ({ ...fields(kind), ...customFields(custom) }),
    });
    concrete.push(type);
    named.set(name, type);
  };

  const usedFields = new Set<string>();
  const use = (handles: readonly string[]) => {
    for (const handle of handles) usedFields.add(handle);
    return layout(handles);
  };
  for (const [section, type] of granted.entryTypes) {
    addConcrete(
      entryTypeName(section, type),
      "entry",
      use(site.sections[section]!.entryTypes[type]!.fields),
    );
  }
  for (const volume of granted.volumes)
    addConcrete(assetTypeName(volume), "asset", use(site.volumes[volume]!.fields));
  for (const group of granted.categoryGroups)
    addConcrete(categoryTypeName(group), "category", use(site.categoryGroups[group]!.fields));
  for (const group of granted.tagGroups)
    addConcrete(tagTypeName(group), "tag", use(site.tagGroups[group]!.fields));
  for (const set of granted.globalSets)
    addConcrete(globalSetTypeName(set), "globalSet", use(site.globalSets[set]!.fields));
  if (granted.users) addConcrete(USER_TYPE_NAME, "user", use(site.userFields));
  for (const handle of [...usedFields].sort()) {
    for (const [blockType, definition] of Object.entries(site.fields[handle]!.blockTypes ?? {})) {
      addConcrete(
        blockTypeName(handle, blockType),
        "matrixBlock",
        Object.entries(definition.fields),
      );
    }
  }

  const present: Record<QueryKind, boolean> = {
    asset: granted.volumes.length > 0,
    category: granted.categoryGroups.length > 0,
    entry: granted.entryTypes.length > 0,
    globalSet: granted.globalSets.length > 0,
    tag: granted.tagGroups.length > 0,
    user: granted.users,
  };
  const query = new GraphQLObjectType({
    name: "Query",
    fields: () => {
      const map: GraphQLFieldConfigMap<unknown, unknown> = {
        ping: { type: GraphQLString, description: "Health check: returns the string `pong`." },
      };
      for (const [kind, [list, single]] of Object.entries(QUERY_FIELDS) as [
        QueryKind,
        readonly [string, string],
      ][]) {
        if (!present[kind]) continue;
        const element = interfaces.get(kind)!;
        map[list] = {
          type: new GraphQLList(element),
          args: queryArgs(kind),
          description: `Queries ${kind} elements.`,
        };
        map[single] = {
          type: element,
          args: queryArgs(kind),
          description: `Queries one ${kind} element.`,
        };
      }
      return map;
    },
  });
  const directives = DIRECTIVES.map(
    (directive) =>
      new GraphQLDirective({
        name: directive.name,
        description: directive.description,
        locations: [DirectiveLocation.FIELD],
        args: args(directive.args),
      }),
  );
  return lexicographicSortSchema(
    new GraphQLSchema({
      query,
      types: [DateTimeScalar, QueryArgumentScalar, ...interfaces.values(), ...concrete],
      directives: [...specifiedDirectives, ...directives],
    }),
  );
}

function typeOf(node: TypeNode, named: Map<string, GraphQLNamedType>): GraphQLType {
  if (node.kind === Kind.LIST_TYPE) return new GraphQLList(typeOf(node.type, named));
  if (node.kind === Kind.NON_NULL_TYPE)
    return new GraphQLNonNull(typeOf(node.type, named) as never);
  const type = named.get(node.name.value);
  if (!type) throw new Error(`unknown type ${node.name.value}`);
  return type;
}
