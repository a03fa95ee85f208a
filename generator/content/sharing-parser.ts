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
 * schema's tree is mostly copies (at 100,000 types its tree holds 250 MB live, this one
 * 119 MB, beside the schema being built from it). Read-only consumers cannot tell the difference; nothing that
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
    return shared(this.names, name.value, name);
  }

  override parseTypeReference(): TypeNode {
    // Inner types come back shared already; a named type is shared by parseNamedType.
    const type = super.parseTypeReference();
    return type.kind === Kind.NAMED_TYPE ? type : shared(this.types, typeKey(type), type);
  }

  override parseNamedType(): NamedTypeNode {
    const type = super.parseNamedType();
    return shared(this.types, type.name.value, type) as NamedTypeNode;
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

/** The node already kept under `key`, or `node`, kept from now on. */
function shared<T>(kept: Map<string, T>, key: string, node: T): T {
  const found = kept.get(key);
  if (found !== undefined) return found;
  kept.set(key, node);
  return node;
}

function orShared<T>(list: T[]): T[] {
  return list.length === 0 ? (EMPTY as unknown as T[]) : list;
}
