import {
  type ConstDirectiveNode,
  type DocumentNode,
  type InputValueDefinitionNode,
  Kind,
  type NamedTypeNode,
  type NameNode,
  type TypeNode,
} from "graphql";
// The CommonJS build, as for validateSDL in load-schema.ts: syntax nodes are plain objects, so
// either build's schema builder reads them.
import { Parser } from "graphql/language/parser.js";

/**
 * Parses SDL, without locations, into a syntax tree whose equal leaves are one object: every name
 * `id` is the same `NameNode`, every `[Entry!]` the same type node, and every empty list of
 * arguments or directives one frozen empty array. graphql-js makes each of them anew, so a large
 * schema's tree is mostly copies (at 100,000 types it held about 390 MB while the schema was
 * built from it, beside the schema). Read-only consumers cannot tell the difference; nothing that
 * builds or validates a schema writes to its syntax tree. Only for a tree without locations
 * (a node with a location is one place in the text) that no document checker keeps (see
 * `dropSyntax` in load-schema.ts).
 */
export function parseSharingNodes(text: string): DocumentNode {
  return new SharingParser(text).parseDocument();
}

const EMPTY: readonly never[] = Object.freeze([]);

class SharingParser extends Parser {
  private readonly names = new Map<string, NameNode>();
  private readonly types = new Map<string, TypeNode>();

  constructor(text: string) {
    super(text, { noLocation: true });
  }

  override parseName(): NameNode {
    const name = super.parseName();
    const shared = this.names.get(name.value);
    if (shared) return shared;
    this.names.set(name.value, name);
    return name;
  }

  override parseTypeReference(): TypeNode {
    // Inner types come back shared already, so a type's key is its own wrapper and its inner key.
    const type = super.parseTypeReference();
    const key = typeKey(type);
    const shared = this.types.get(key);
    if (shared) return shared;
    this.types.set(key, type);
    return type;
  }

  override parseNamedType(): NamedTypeNode {
    const type = super.parseNamedType();
    const shared = this.types.get(type.name.value);
    if (shared) return shared as NamedTypeNode;
    this.types.set(type.name.value, type);
    return type;
  }

  override parseConstDirectives(): ConstDirectiveNode[] {
    return orShared(super.parseConstDirectives());
  }

  override parseArgumentDefs(): InputValueDefinitionNode[] {
    return orShared(super.parseArgumentDefs());
  }
}

function typeKey(type: TypeNode): string {
  switch (type.kind) {
    case Kind.NAMED_TYPE:
      return type.name.value;
    case Kind.LIST_TYPE:
      return `[${typeKey(type.type)}]`;
    default:
      return `${typeKey(type.type)}!`;
  }
}

function orShared<T>(list: T[]): T[] {
  return list.length === 0 ? (EMPTY as unknown as T[]) : list;
}
