import {
  type GraphQLSchema,
  getNamedType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  isUnionType,
} from "graphql";
import { readFieldMaps } from "../../generator/content/field-maps.js";
import type { Field, Node, Operation, Value } from "./realistic.js";

// A measurement, not a feature: the other selection design the content benchmark prices. A
// selection is written through callbacks on generated interfaces (as typed-graphql-builder does):
// `entries({ section: "news" }, (e) => [e.id, e.title, e.children({}, (c) => [c.uri])])`. A
// misspelt field is then a plain property-access error on a generated interface, and an unknown
// argument an excess property of a non-generic parameter, so neither costs the checker any
// type-level work; what each query costs is one generic call per object field and the result
// built from the tuple each callback returns. This file writes such a module for a schema (types
// only: the consumer is type-checked, never run) and the realistic queries in that style.

interface Descriptor {
  leaf?: string;
  object?: string;
  wrappers?: string;
  args?: string;
}

/** The prototype module for `schema`: the same argument and input types as typewire's module. */
export function callbackModule(schema: GraphQLSchema): string {
  const view = readFieldMaps(schema, "schema");
  const own = new Map(view.types.map((t) => [t.name, t]));
  const descriptors = (type: string): Map<string, Descriptor> => {
    const t = own.get(type)!;
    const out = new Map<string, Descriptor>();
    for (const parent of t.heritage ? t.heritage.replace(/^ extends /, "").split(", ") : [])
      for (const [name, d] of descriptors(parent)) out.set(name, d);
    for (const member of t.members) {
      const text = member.text;
      const leaf = /^Leaves\["(.*?)"\]/.exec(text)?.[1];
      const object = /t: Types\["(\w+)"\]; w: "(.*?)"/.exec(text);
      const args = /a: (\w+)/.exec(text)?.[1];
      out.set(member.name.replace(/^"|"$/g, ""), {
        ...(leaf ? { leaf } : {}),
        ...(object ? { object: object[1], wrappers: object[2] } : {}),
        ...(args ? { args } : {}),
      });
    }
    return out;
  };
  const block = (name: string, members: { name: string; optional: boolean; text: string }[]) =>
    `interface ${name} {\n${members.map((m) => `  ${m.name}${m.optional ? "?" : ""}: ${m.text};`).join("\n")}\n}`;
  const parts: string[] = [
    `import type { DateTimeString, DefaultsFit, EnumValue, Query, Variable, VariableDeclarations, VariableRefs, VariablesOf, WrapAs } from "@typewire/runtime/content";`,
    block("Scalars", view.scalars),
    block("Inputs", view.inputs),
    view.literals.length ? block("Literals", view.literals) : "",
    block("Leaves", view.leaves),
    block("Directives", view.directives),
    ...view.args.map((a) => block(a.name, a.members)),
    `type Sc = { types: object; inputs: Inputs; directives: Directives };
/** A selected field: the key it comes back under and its result. */
export interface F<K extends string, R> {
  readonly k: K;
  readonly r: R;
  as<A extends string>(alias: A): F<A, R>;
  formatDateTime(args: Directives["formatDateTime"]): F<K, string | null>;
  transform(args: Directives["transform"]): F<K, string | null>;
  markdown(args: Directives["markdown"]): F<K, string | null>;
}
/** An inline fragment's selection on type P. */
export interface G<P extends string, R> {
  readonly g: P;
  readonly r: R;
}
type Sel = F<string, unknown> | G<string, unknown>;
type Fields<X extends Sel> = { [E in X as E extends F<string, unknown> ? E["k"] : never]: E["r"] };
type Frags<X, Tn> = [X] extends [never]
  ? unknown
  : (X extends G<infer P, infer R> ? { __typename: P } & R : never) | { __typename: Exclude<Tn, Extract<X, G<string, unknown>>["g"]> };
/** The result of the fields and fragments a callback returns. */
export type Out<S extends readonly Sel[], Tn> = Fields<S[number]> & Frags<Extract<S[number], G<string, unknown>>, Tn>;`,
  ];
  const composite = Object.values(schema.getTypeMap()).filter(
    (t) => !t.name.startsWith("__") && (isObjectType(t) || isInterfaceType(t) || isUnionType(t)),
  );
  for (const type of composite) {
    const fields = isUnionType(type) ? new Map<string, Descriptor>() : descriptors(type.name);
    const possible = schema.getPossibleTypes(type as never).map((p) => p.name);
    const names = possible.map((p) => JSON.stringify(p)).join(" | ") || "never";
    const members = [...fields].map(([name, d]) => {
      if (d.leaf) {
        const result = `F<"${name}", Leaves["${d.leaf}"]["r"]>`;
        return d.args ? `  ${name}(args: ${d.args}): ${result};` : `  ${name}: ${result};`;
      }
      const args = d.args ? `args: ${d.args}, ` : "";
      return `  ${name}<const S extends readonly Sel[]>(${args}select: (x: ${d.object}_S) => S): F<"${name}", WrapAs<"${d.wrappers}", Out<S, ${d.object}_N>>>;`;
    });
    parts.push(
      `type ${type.name}_N = ${names};`,
      `interface ${type.name}_P {\n${possible.map((p) => `  ${p}: ${p}_S;`).join("\n")}\n}`,
      `export interface ${type.name}_S {
  __typename: F<"__typename", ${type.name}_N>;
  $on<P extends keyof ${type.name}_P & string, const S extends readonly Sel[]>(type: P, select: (x: ${type.name}_P[P]) => S): G<P, Out<S, P>>;
${members.join("\n")}
}`,
    );
  }
  const root = schema.getQueryType()!.name;
  parts.push(`export declare function query<const S extends readonly Sel[]>(select: (q: ${root}_S) => S): Query<Out<S, never>>;
export declare function query<const D extends VariableDeclarations<Sc>, const S extends readonly Sel[]>(
  variables: D & DefaultsFit<Sc, D>,
  select: ($: VariableRefs<Sc, D>, q: ${root}_S) => S,
): Query<Out<S, never>, VariablesOf<Sc, D>>;`);
  return `${parts.filter(Boolean).join("\n\n")}\n`;
}

/** The realistic operations written in the callback style, for `schema`'s names. */
export function callbackRealistic(ops: Operation[], schema: GraphQLSchema): string {
  const fieldOf = (type: string, name: string) => {
    const t = schema.getType(type);
    const fields = isObjectType(t) || isInterfaceType(t) ? t.getFields() : {};
    return fields[name];
  };
  const value = (v: Value): string => {
    if (v === null) return "null";
    if (Array.isArray(v)) return `[${v.map(value).join(", ")}]`;
    if (typeof v === "object")
      return (v as { $?: string }).$ !== undefined ? `$.${(v as { $: string }).$}` : "null";
    return JSON.stringify(v);
  };
  const args = (a: Record<string, Value> | undefined) =>
    `{ ${Object.entries(a ?? {})
      .map(([k, v]) => `${k}: ${value(v)}`)
      .join(", ")} }`;
  const nodes = (type: string, list: Node[], depth: number): string => {
    const x = `x${depth}`;
    return `(${x}) => [${list
      .map((node) => {
        if (typeof node === "string") node = { name: node };
        if ("on" in node)
          return `${x}.$on(${JSON.stringify(node.on)}, ${nodes(node.on, node.sel, depth + 1)})`;
        return fieldCall(x, type, node, depth);
      })
      .join(", ")}]`;
  };
  const fieldCall = (x: string, type: string, node: Field, depth: number): string => {
    const def = fieldOf(type, node.name);
    if (!def) throw new Error(`no field ${type}.${node.name}`);
    const named = getNamedType(def.type);
    let call = `${x}.${node.name}`;
    if (isLeafType(named)) {
      if (def.args.length) call += `(${args(node.args)})`;
    } else {
      call += `(${def.args.length ? `${args(node.args)}, ` : ""}${nodes(named.name, node.sel ?? [], depth + 1)})`;
    }
    if (node.directive) call += `.${node.directive.name}(${args(node.directive.args)})`;
    if (node.alias) call += `.as(${JSON.stringify(node.alias)})`;
    return call;
  };
  const root = schema.getQueryType()!.name;
  const body = ops.map((op, i) => {
    const select = nodes(root, op.root, 0).replace(/^\(x0\) => /, "");
    const decl = op.vars
      .map(
        (v) =>
          `${v.name}: ${v.default !== undefined ? `["${v.type}", ${JSON.stringify(v.default)}]` : `"${v.type}"`}`,
      )
      .join(", ");
    const q = op.vars.length
      ? `query({ ${decl} }, ($, x0) => ${select})`
      : `query((x0) => ${select})`;
    const given = op.vars.filter((v) => v.sample !== undefined);
    const vars = given.length
      ? `, { ${given.map((v) => `${v.name}: ${JSON.stringify(v.sample)}`).join(", ")} }`
      : "";
    return `export async function q${i}() {
  const data = await client.request(${q}${vars});
  return data${op.read.map((p) => (/^\d+$/.test(p) ? `?.[${p}]` : `?.${p}`)).join("")};
}`;
  });
  return `import { createContentClient } from "@typewire/runtime/content";
import { query } from "./callback/query.js";

const client = createContentClient({ endpoint: "http://127.0.0.1:4000/api" });

${body.join("\n\n")}
`;
}
