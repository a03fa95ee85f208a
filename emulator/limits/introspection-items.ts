import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLDirective,
  type GraphQLSchema,
  Kind,
  type SelectionSetNode,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isWrappingType,
} from "graphql";

/** What an introspection field's value is: the schema, a type, a field, an argument, ... */
type ElementKind = "schema" | "type" | "field" | "input" | "enumValue" | "directive";

/** For each introspection field that leads to more schema elements: what they are. */
const leadsTo: Record<ElementKind, Record<string, ElementKind>> = {
  schema: {
    types: "type",
    queryType: "type",
    mutationType: "type",
    subscriptionType: "type",
    directives: "directive",
  },
  type: {
    fields: "field",
    interfaces: "type",
    possibleTypes: "type",
    enumValues: "enumValue",
    inputFields: "input",
    ofType: "type",
  },
  field: { args: "input", type: "type" },
  input: { type: "type" },
  enumValue: {},
  directive: { args: "input" },
};

interface Count {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  limit: number;
  known: Map<SelectionSetNode, Map<unknown, number>>;
}

/** Thrown inside the count once it passes the limit; nothing past that point matters. */
const OVER = Symbol("over");

/**
 * How many values (fields and list entries) the `__schema` and `__type` fields of an operation
 * would answer, counted over the schema before anything runs, or `Infinity` once the count
 * passes `limit`. graphql-js answers introspection with resolvers of its own, which the
 * emulator cannot pace or stop, so the work is bounded before it starts. `@skip`, `@include`
 * and `includeDeprecated` are ignored, so the count is an upper bound. The same selection on
 * the same schema element is counted once, so repeating it (aliases, fragments) costs nothing.
 *
 * @example
 * introspectionItems(schema, operation.selectionSet, fragments, {}, 100_000); // 15618 for the standard query
 */
export function introspectionItems(
  schema: GraphQLSchema,
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  limit: number,
): number {
  const count: Count = { schema, fragments, limit, known: new Map() };
  try {
    let total = 0;
    for (const field of fieldsOf(selectionSet, fragments)) {
      if (field.name.value === "__schema" && field.selectionSet) {
        total += 1 + itemsBelow(field.selectionSet, "schema", schema, count);
      } else if (field.name.value === "__type" && field.selectionSet) {
        const type = schema.getType(typeName(field, variables) ?? "");
        total += 1 + (type ? itemsBelow(field.selectionSet, "type", type, count) : 0);
      }
      if (total > limit) return Number.POSITIVE_INFINITY;
    }
    return total;
  } catch (error) {
    if (error === OVER) return Number.POSITIVE_INFINITY;
    throw error;
  }
}

function itemsBelow(
  selectionSet: SelectionSetNode,
  kind: ElementKind,
  element: unknown,
  count: Count,
): number {
  let byElement = count.known.get(selectionSet);
  const known = byElement?.get(element);
  if (known !== undefined) return known;
  let items = 0;
  for (const field of fieldsOf(selectionSet, count.fragments)) {
    const name = field.name.value;
    items += 1;
    if (kind === "directive" && name === "locations")
      items += (element as GraphQLDirective).locations.length;
    const next = leadsTo[kind][name];
    if (next === undefined || !field.selectionSet) continue;
    for (const child of childrenOf(kind, name, element, count.schema))
      items += 1 + itemsBelow(field.selectionSet, next, child, count);
    // Every value counted here is part of the answer, so past the limit nothing else matters.
    if (items > count.limit) throw OVER;
  }
  if (!byElement) {
    byElement = new Map();
    count.known.set(selectionSet, byElement);
  }
  byElement.set(element, items);
  return items;
}

/** The schema elements an introspection field leads to, or none. */
function childrenOf(
  kind: ElementKind,
  name: string,
  element: unknown,
  schema: GraphQLSchema,
): unknown[] {
  if (kind === "schema") {
    if (name === "types") return Object.values(schema.getTypeMap());
    if (name === "directives") return [...schema.getDirectives()];
    const root =
      name === "queryType"
        ? schema.getQueryType()
        : name === "mutationType"
          ? schema.getMutationType()
          : schema.getSubscriptionType();
    return root ? [root] : [];
  }
  if (kind === "type") {
    const type = element as Parameters<typeof isWrappingType>[0];
    if (name === "ofType") return isWrappingType(type) ? [type.ofType] : [];
    if (name === "fields")
      return isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()) : [];
    if (name === "interfaces")
      return isObjectType(type) || isInterfaceType(type) ? [...type.getInterfaces()] : [];
    if (name === "possibleTypes")
      return isAbstractType(type) ? [...schema.getPossibleTypes(type)] : [];
    if (name === "enumValues") return isEnumType(type) ? [...type.getValues()] : [];
    if (name === "inputFields")
      return isInputObjectType(type) ? Object.values(type.getFields()) : [];
    return [];
  }
  if (name === "args") return [...(element as { args: readonly unknown[] }).args];
  if (name === "type") return [(element as { type: unknown }).type];
  return [];
}

/** The fields of a selection set, through inline fragments and (each once) named fragments. */
function fieldsOf(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  spread = new Set<string>(),
  into: FieldNode[] = [],
): FieldNode[] {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) into.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      fieldsOf(selection.selectionSet, fragments, spread, into);
    else if (!spread.has(selection.name.value)) {
      spread.add(selection.name.value);
      const fragment = fragments[selection.name.value];
      if (fragment) fieldsOf(fragment.selectionSet, fragments, spread, into);
    }
  }
  return into;
}

/** The `name` argument of a `__type` field, written inline or passed as a variable. */
function typeName(field: FieldNode, variables: Record<string, unknown>): string | undefined {
  const value = field.arguments?.find((argument) => argument.name.value === "name")?.value;
  if (value?.kind === Kind.STRING) return value.value;
  if (value?.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    return typeof given === "string" ? given : undefined;
  }
  return undefined;
}
