import {
  type ConstDirectiveNode,
  type ConstValueNode,
  type DefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type InputValueDefinitionNode,
  Kind,
  type NamedTypeNode,
  type TypeNode,
  isRequiredArgument,
  specifiedDirectives,
  specifiedScalarTypes,
} from "graphql";

// graphql-js's `validateSDL` runs its fifteen SDL rules as visitors over the whole syntax tree in
// one parallel walk: on a 100,000-type schema that is 3 s of CPU and, with its garbage, a third
// more memory than the parse (bench/README.md, "Generation at scale"). `sdlIsPlainlyValid` answers
// the same question for the SDL a content API prints (type and directive definitions, no
// extensions) with plain loops over the definitions, and it answers only "yes" or "not sure": a
// document it is not sure of goes to `validateSDL` itself, whose located error is what the user
// reads. So it must never say "yes" where `validateSDL` reports something, which
// test/content/sdl-check.test.ts holds it to over the bundled schemas, the benchmarks' schemas and
// thousands of broken ones; it may say "not sure" of a valid document (anything unusual, such as a
// type extension or a reference to an introspection type), which only costs the slower check.

interface KnownDirective {
  locations: ReadonlySet<string>;
  repeatable: boolean;
  args: ReadonlySet<string>;
  required: readonly string[];
}

const SCALARS: ReadonlySet<string> = new Set(specifiedScalarTypes.map((type) => type.name));

const SPECIFIED: ReadonlyMap<string, KnownDirective> = new Map(
  specifiedDirectives.map((directive) => [
    directive.name,
    {
      locations: new Set(directive.locations),
      repeatable: directive.isRepeatable,
      args: new Set(directive.args.map((arg) => arg.name)),
      required: directive.args.filter(isRequiredArgument).map((arg) => arg.name),
    },
  ]),
);

/** Thrown inside the check to stop at the first thing it is not sure of. */
const NOT_SURE = Symbol("not sure");

/**
 * True when graphql-js's `validateSDL(document)` is sure to report nothing; false when it may
 * (then call it). Covers documents of schema, scalar, object, interface, union, enum, input object
 * and directive definitions: what every rule of `specifiedSDLRules` checks of them.
 */
export function sdlIsPlainlyValid(document: DocumentNode): boolean {
  try {
    new Check(document.definitions).run();
    return true;
  } catch (error) {
    if (error === NOT_SURE) return false;
    throw error;
  }
}

class Check {
  private readonly types = new Set<string>();
  private readonly directives = new Map(SPECIFIED);

  constructor(private readonly definitions: readonly DefinitionNode[]) {}

  run(): void {
    // Names first: a type or directive may be used before the line that defines it.
    const defined = new Set<string>();
    let schemas = 0;
    for (const definition of this.definitions) {
      switch (definition.kind) {
        case Kind.SCHEMA_DEFINITION:
          schemas += 1;
          break;
        case Kind.SCALAR_TYPE_DEFINITION:
        case Kind.OBJECT_TYPE_DEFINITION:
        case Kind.INTERFACE_TYPE_DEFINITION:
        case Kind.UNION_TYPE_DEFINITION:
        case Kind.ENUM_TYPE_DEFINITION:
        case Kind.INPUT_OBJECT_TYPE_DEFINITION:
          this.add(this.types, definition.name.value);
          break;
        case Kind.DIRECTIVE_DEFINITION: {
          const name = definition.name.value;
          this.add(defined, name);
          const args = definition.arguments ?? [];
          this.directives.set(name, {
            locations: new Set(definition.locations.map((location) => location.value)),
            repeatable: definition.repeatable,
            args: new Set(args.map((arg) => arg.name.value)),
            required: args
              .filter((arg) => arg.type.kind === Kind.NON_NULL_TYPE && arg.defaultValue == null)
              .map((arg) => arg.name.value),
          });
          break;
        }
        default:
          // Extensions and anything executable: the rules that read them are left to graphql-js.
          throw NOT_SURE;
      }
    }
    if (schemas > 1) throw NOT_SURE;
    for (const definition of this.definitions) this.definition(definition);
  }

  private definition(definition: DefinitionNode): void {
    switch (definition.kind) {
      case Kind.SCHEMA_DEFINITION: {
        this.applied(definition.directives, "SCHEMA");
        const operations = new Set<string>();
        for (const operation of definition.operationTypes) {
          this.add(operations, operation.operation);
          this.named(operation.type);
        }
        return;
      }
      case Kind.SCALAR_TYPE_DEFINITION:
        this.applied(definition.directives, "SCALAR");
        return;
      case Kind.OBJECT_TYPE_DEFINITION:
      case Kind.INTERFACE_TYPE_DEFINITION:
        this.applied(
          definition.directives,
          definition.kind === Kind.OBJECT_TYPE_DEFINITION ? "OBJECT" : "INTERFACE",
        );
        for (const parent of definition.interfaces ?? []) this.named(parent);
        this.fields(definition.fields ?? []);
        return;
      case Kind.UNION_TYPE_DEFINITION:
        this.applied(definition.directives, "UNION");
        for (const member of definition.types ?? []) this.named(member);
        return;
      case Kind.ENUM_TYPE_DEFINITION: {
        this.applied(definition.directives, "ENUM");
        const values = new Set<string>();
        for (const value of definition.values ?? []) {
          this.add(values, value.name.value);
          this.applied(value.directives, "ENUM_VALUE");
        }
        return;
      }
      case Kind.INPUT_OBJECT_TYPE_DEFINITION:
        this.applied(definition.directives, "INPUT_OBJECT");
        this.inputValues(definition.fields ?? [], "INPUT_FIELD_DEFINITION");
        return;
      case Kind.DIRECTIVE_DEFINITION:
        this.inputValues(definition.arguments ?? [], "ARGUMENT_DEFINITION");
        return;
      default:
        throw NOT_SURE;
    }
  }

  private fields(fields: readonly FieldDefinitionNode[]): void {
    const names = new Set<string>();
    for (const field of fields) {
      this.add(names, field.name.value);
      this.applied(field.directives, "FIELD_DEFINITION");
      this.type(field.type);
      this.inputValues(field.arguments ?? [], "ARGUMENT_DEFINITION");
    }
  }

  private inputValues(values: readonly InputValueDefinitionNode[], location: string): void {
    const names = new Set<string>();
    for (const value of values) {
      this.add(names, value.name.value);
      this.applied(value.directives, location);
      this.type(value.type);
      if (value.defaultValue) this.value(value.defaultValue);
    }
  }

  /** Directives applied at one place: known, allowed there, once unless repeatable, arguments. */
  private applied(uses: readonly ConstDirectiveNode[] | undefined, location: string): void {
    if (uses === undefined || uses.length === 0) return;
    const once = new Set<string>();
    for (const use of uses) {
      const name = use.name.value;
      const known = this.directives.get(name);
      if (known === undefined || !known.locations.has(location)) throw NOT_SURE;
      if (!known.repeatable) this.add(once, name);
      const given = new Set<string>();
      for (const argument of use.arguments ?? []) {
        const argName = argument.name.value;
        if (!known.args.has(argName)) throw NOT_SURE;
        this.add(given, argName);
        this.value(argument.value);
      }
      for (const required of known.required) if (!given.has(required)) throw NOT_SURE;
    }
  }

  /** Input object values name each field once, at any depth. */
  private value(value: ConstValueNode): void {
    if (value.kind === Kind.LIST) {
      for (const item of value.values) this.value(item);
    } else if (value.kind === Kind.OBJECT) {
      const names = new Set<string>();
      for (const field of value.fields) {
        this.add(names, field.name.value);
        this.value(field.value);
      }
    }
  }

  private type(type: TypeNode): void {
    let named = type;
    while (named.kind !== Kind.NAMED_TYPE) named = named.type;
    this.named(named);
  }

  private named(type: NamedTypeNode): void {
    const name = type.name.value;
    if (!this.types.has(name) && !SCALARS.has(name)) throw NOT_SURE;
  }

  /** Adds a name that must be new to its set. */
  private add(names: Set<string>, name: string): void {
    if (names.has(name)) throw NOT_SURE;
    names.add(name);
  }
}
