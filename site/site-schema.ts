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
  type GraphQLOutputType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLType,
  GraphQLUnionType,
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
  CRAFT5_COMMON_FIELDS,
  CRAFT5_DIRECTIVES,
  CRAFT5_COUNT_FIELDS,
  CRAFT5_ENTRY_ARGUMENTS,
  CRAFT5_ENTRY_FIELDS,
  DEPRECATED_FIELDS,
  DIRECTIVES,
  DRAFT_ARGUMENTS,
  type ElementKind,
  INTERFACE_FIELDS,
  INTERFACE_NAMES,
  KIND_ARGUMENTS,
  OPT_IN_DIRECTIVES,
  QUERY_FIELDS,
  type Row,
  TRANSFORM_ARGUMENTS,
} from "./api-tables.js";
import { DateTimeScalar, QueryArgumentScalar } from "./content-scalars.js";
import { RELATION_QUERY, customFieldType } from "./custom-field-type.js";
import { craftVersion, entryQueries } from "./craft-version.js";
import { resolveScope } from "./site-scope.js";
import { typeNames } from "./type-names.js";
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
  const v5 = craftVersion(site) === 5;
  const names = typeNames(site);
  // The API's own scalars take the site's gqlTypePrefix, as every type it creates does.
  const scalar = (type: GraphQLScalarType) =>
    names.builtIn(type.name) === type.name
      ? type
      : new GraphQLScalarType({ ...type.toConfig(), name: names.builtIn(type.name) });
  const dateTime = scalar(DateTimeScalar);
  const queryArgument = scalar(QueryArgumentScalar);
  // Keyed by the names the API tables use; the types themselves carry the prefixed names.
  const named = new Map<string, GraphQLNamedType>([
    ["Boolean", GraphQLBoolean],
    ["Float", GraphQLFloat],
    ["ID", GraphQLID],
    ["Int", GraphQLInt],
    ["String", GraphQLString],
    ["DateTime", dateTime],
    ["QueryArgument", queryArgument],
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
  const argumentRows = (kind: QueryKind): Row[] => [
    ...COMMON_ARGUMENTS,
    ...KIND_ARGUMENTS[kind],
    ...(v5 && kind === "entry" ? CRAFT5_ENTRY_ARGUMENTS : []),
    ...(kind === "entry" && granted.drafts ? DRAFT_ARGUMENTS : []),
  ];
  const queryArgs = (kind: QueryKind, without: readonly string[] = []) =>
    args(argumentRows(kind).filter(([name]) => !without.includes(name)));
  const fields = (kind: ElementKind): GraphQLFieldConfigMap<unknown, unknown> => {
    const map: GraphQLFieldConfigMap<unknown, unknown> = {};
    const rows = v5
      ? [
          ...CRAFT5_COMMON_FIELDS,
          ...(kind === "entry" ? CRAFT5_ENTRY_FIELDS : INTERFACE_FIELDS[kind]),
        ]
      : [...COMMON_FIELDS, ...INTERFACE_FIELDS[kind]];
    for (const [name, type, description] of rows) {
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
      const query = v5 && field.kind === "matrix" ? "entry" : RELATION_QUERY[field.kind];
      map[handle] = {
        type: v5 ? craft5FieldType(handle, field) : (ref(customFieldType(field)) as never),
        description: field.instructions ?? field.name,
        ...(query ? { args: queryArgs(query) } : {}),
      };
    }
    return map;
  };
  // Craft 5: relation fields are non-null lists; a matrix field a non-null list of the union of
  // its entry types (`<field>_MatrixField`), made once per field.
  const matrixUnions = new Map<string, GraphQLUnionType>();
  const craft5FieldType = (handle: string, field: FieldDefinition): GraphQLOutputType => {
    if (field.kind === "matrix") {
      let matrixUnion = matrixUnions.get(handle);
      if (!matrixUnion) {
        const members = Object.keys(field.blockTypes ?? {}).map((type) => names.entry("", type));
        matrixUnion = union(names.matrixField(handle), members);
        matrixUnions.set(handle, matrixUnion);
      }
      return new GraphQLNonNull(new GraphQLList(matrixUnion));
    }
    const type = ref(customFieldType(field));
    return RELATION_QUERY[field.kind] ? new GraphQLNonNull(type as never) : (type as never);
  };
  const layout = (handles: readonly string[]) =>
    handles.map((handle) => [handle, site.fields[handle]!] as const);

  const interfaces = new Map<ElementKind, GraphQLInterfaceType>();
  for (const [kind, name] of Object.entries(INTERFACE_NAMES) as [ElementKind, string][]) {
    // Craft 5 has no matrix blocks: its matrix fields hold nested entries.
    if (v5 && kind === "matrixBlock") continue;
    const type = new GraphQLInterfaceType({
      name: names.builtIn(name),
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
    // Craft 5: an entry type shared by sections and matrix fields is one type.
    if (named.has(name)) return;
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
      names.entry(section, type),
      "entry",
      use(site.sections[section]!.entryTypes[type]!.fields),
    );
  }
  for (const volume of granted.volumes)
    addConcrete(names.asset(volume), "asset", use(site.volumes[volume]!.fields));
  for (const group of granted.categoryGroups)
    addConcrete(names.category(group), "category", use(site.categoryGroups[group]!.fields));
  for (const group of granted.tagGroups)
    addConcrete(names.tag(group), "tag", use(site.tagGroups[group]!.fields));
  for (const set of granted.globalSets)
    addConcrete(names.globalSet(set), "globalSet", use(site.globalSets[set]!.fields));
  if (granted.users) addConcrete(names.user, "user", use(site.userFields));
  // Craft 5: the matrix fields whose nested entries the root queries may return.
  const nestedFields = v5
    ? (scope === undefined ? Object.keys(site.fields) : (scope.nestedEntryFields ?? []))
        .filter((handle) => site.fields[handle]?.kind === "matrix")
        .sort()
    : [];
  use(nestedFields);
  // Block types of the matrix fields used so far, and (Craft 5, where nested entries have
  // matrix fields of their own) of those their fields use in turn.
  const blocksDone = new Set<string>();
  for (let more = true; more;) {
    more = false;
    for (const handle of [...usedFields].sort()) {
      if (blocksDone.has(handle)) continue;
      blocksDone.add(handle);
      more = true;
      for (const [blockType, block] of Object.entries(site.fields[handle]!.blockTypes ?? {})) {
        const custom = v5 ? use(site.entryTypes![blockType]!.fields) : Object.entries(block.fields);
        addConcrete(names.block(handle, blockType), v5 ? "entry" : "matrixBlock", custom);
      }
    }
  }
  // Craft 5: a union of each granted section's entry types, and of each matrix field's.
  const union = (name: string, members: readonly string[]) =>
    new GraphQLUnionType({
      name,
      types: () => members.map((member) => named.get(member) as GraphQLObjectType),
    });
  const sectionTypes = new Map<string, string[]>();
  for (const [section, type] of granted.entryTypes)
    sectionTypes.set(section, [...(sectionTypes.get(section) ?? []), names.entry(section, type)]);

  const present: Record<QueryKind, boolean> = {
    asset: granted.volumes.length > 0,
    category: granted.categoryGroups.length > 0,
    entry: granted.entryTypes.length > 0,
    globalSet: granted.globalSets.length > 0,
    tag: granted.tagGroups.length > 0,
    user: granted.users,
  };
  const query = new GraphQLObjectType({
    name: names.builtIn("Query"),
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
        const count = v5 ? CRAFT5_COUNT_FIELDS[kind] : undefined;
        if (count)
          map[count] = {
            type: new GraphQLNonNull(GraphQLInt),
            args: queryArgs(kind),
            description: `Counts ${kind} elements.`,
          };
      }
      if (v5) Object.assign(map, craft5EntryQueries());
      return map;
    },
  });
  // Craft 5's per-section and per-field entry queries (`entryQueries`) the scope grants: each
  // section's over the union of its granted entry types, each granted matrix field's over its own.
  function craft5EntryQueries(): GraphQLFieldConfigMap<unknown, unknown> {
    const map: GraphQLFieldConfigMap<unknown, unknown> = {};
    const unions = new Map<string, GraphQLUnionType>();
    const unionOf = (name: string, members: readonly string[]) => {
      if (!unions.has(name)) unions.set(name, union(name, members));
      return unions.get(name)!;
    };
    for (const query of entryQueries(site)) {
      if (query.section !== undefined) {
        const members = sectionTypes.get(query.section);
        if (!members) continue;
        const type = unionOf(names.sectionUnion(query.section), members);
        const title = site.sections[query.section]!.name;
        map[query.name] = {
          type: query.one ? type : new GraphQLList(type),
          args: queryArgs("entry", ["section", "sectionId", "field", "fieldId", "ownerId"]),
          description: `${query.one ? "Single entry" : "Entries"} within the “${title}” section.`,
        };
      } else if (query.field !== undefined && nestedFields.includes(query.field)) {
        const definition = site.fields[query.field]!;
        const members = Object.keys(definition.blockTypes ?? {}).map((t) => names.entry("", t));
        map[query.name] = {
          type: new GraphQLList(unionOf(names.fieldUnion(query.field), members)),
          args: queryArgs("entry", ["section", "sectionId", "field", "fieldId"]),
          description: `Entries within the “${definition.name}” matrix field.`,
        };
      }
    }
    return map;
  }
  // Craft 5: its further directives; `@parseRefs` and `@transform` only for a schema that opts
  // in to them (5.9; the whole schema, with no scope, has everything).
  const offered = v5
    ? [...DIRECTIVES, ...CRAFT5_DIRECTIVES].filter(
        ({ name }) =>
          !OPT_IN_DIRECTIVES.includes(name) ||
          scope === undefined ||
          (scope.directives as readonly string[] | undefined)?.includes(name),
      )
    : DIRECTIVES;
  const directives = offered.map(
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
      types: [dateTime, queryArgument, ...interfaces.values(), ...concrete],
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
