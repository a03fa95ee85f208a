import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { group, hardline, indent, layout, line, softline } from "../../../generator/print/doc.js";
import { readType } from "../../../generator/print/read-type.js";
import {
  type Declaration,
  type Member,
  PRINT_WIDTH,
  type TypeNode,
  literal,
  printConstArray,
  flatType,
  printBlock,
  printDeclarations,
  printDeclarationsLaidOut,
  printMember,
  printMembers,
  printTextObjectProperty,
  printTextProperty,
  printPureCall,
  propertyKey,
  stringLiteral,
  typeName,
} from "../../../generator/print/ts-syntax.js";
import { randomDeclarations } from "./random-declarations.js";

/** The formatter the layout follows, with the options generated code has always been checked with. */
const prettier = (text: string) => format(text, { parser: "typescript", printWidth: PRINT_WIDTH });

describe("layout", () => {
  const object = group(["{", indent([line, "a: string;", line, "b: number;"]), line, "}"]);
  it("keeps a group flat when it fits, and breaks it when it does not", () => {
    expect(layout(object, 100)).toBe("{ a: string; b: number; }");
    expect(layout(object, 10)).toBe("{\n  a: string;\n  b: number;\n}");
  });
  it("breaks every group around a hard line", () => {
    expect(layout(group(["[", softline, "x", hardline, "]"]), 100)).toBe("[\nx\n]");
  });
  it("counts what follows a group up to the next line break", () => {
    const doc = [group(["f(", indent([softline, "argument"]), softline, ")"]), "; // trailing"];
    expect(layout(doc, 20)).toBe("f(\n  argument\n); // trailing");
    expect(layout(doc, 30)).toBe("f(argument); // trailing");
  });
  it("never leaves spaces at the end of a line", () => {
    expect(layout(group(["a ", hardline, "b"]), 100)).toBe("a\nb");
  });
});

describe("printDeclarations", () => {
  it("quotes keys only where an identifier cannot stand, in the quotes with fewer escapes", () => {
    expect(propertyKey("html_url")).toBe("html_url");
    expect(propertyKey("+1")).toBe('"+1"');
    expect(propertyKey("issues.opened")).toBe('"issues.opened"');
    expect(stringLiteral('say "hi"')).toBe(`'say "hi"'`);
    expect(stringLiteral("it's")).toBe('"it\'s"');
  });

  it("puts a long union on the next line first, and one member per line only when it must", () => {
    const members = (n: number) =>
      Array.from({ length: n }, (_, i) => literal(`value_number_${i}`));
    const alias = (n: number) =>
      printDeclarations([
        {
          kind: "alias",
          name: "Status",
          exported: true,
          type: { kind: "union", types: members(n) },
        },
      ]);
    expect(alias(2)).toBe('export type Status = "value_number_0" | "value_number_1";\n');
    expect(alias(5).split("\n")[1]).toMatch(/^ {2}"value_number_0" \| /);
    expect(alias(8).split("\n").slice(0, 3)).toEqual([
      "export type Status =",
      '  | "value_number_0"',
      '  | "value_number_1"',
    ]);
  });

  it("collapses an empty interface and lays out doc comments of one and several lines", () => {
    const text = printDeclarations([
      {
        kind: "interface",
        name: "Empty",
        exported: false,
        extends: ["Base"],
        members: [],
        doc: "Nothing.\nAt all.",
      },
      {
        kind: "interface",
        name: "One",
        exported: true,
        members: [
          {
            kind: "property",
            name: "a",
            optional: true,
            type: typeName("string"),
            doc: "Ends */ here",
          },
        ],
      },
    ]);
    expect(text).toBe(
      "/**\n * Nothing.\n * At all.\n */\ninterface Empty extends Base {}\n\nexport interface One {\n  /** Ends *\\/ here */\n  a?: string;\n}\n",
    );
  });

  it("places members at any depth for templates", () => {
    expect(
      printMembers(
        [{ kind: "property", name: "issues.opened", optional: false, type: typeName("X") }],
        2,
      ),
    ).toBe('    "issues.opened": X;');
  });
});

describe("printed directly exactly as the document printer lays it out", () => {
  it("for random declarations of every supported shape", () => {
    const mismatches: string[] = [];
    for (const declarations of randomDeclarations(20261127, 2000)) {
      const direct = printDeclarations(declarations);
      const laidOut = printDeclarationsLaidOut(declarations);
      if (direct !== laidOut) mismatches.push(`${direct}\n--- document printer:\n${laidOut}`);
    }
    expect(mismatches.slice(0, 1)).toEqual([]);
  });

  it("for members at every indentation, breaking objects that do not fit", () => {
    const members = randomDeclarations(99, 300).flatMap((declarations) =>
      declarations.flatMap((d) => (d.kind === "interface" ? d.members : [])),
    );
    expect(members.length).toBeGreaterThan(100);
    for (const level of [1, 3, 8]) {
      // printMembers places the members as they stand `level` objects deep in an interface.
      const reference = printDeclarationsLaidOut(
        nest(level, { kind: "interface", name: "I", exported: false, members }),
      );
      expect(printMembers(members, level)).toBe(innerLines(reference, level));
    }
  });
});

describe("printed from parts exactly as printDeclarations prints the declaration", () => {
  const declarations = randomDeclarations(4242, 600).flat();
  const interfaces = declarations.filter((d) => d.kind === "interface");

  it("for interfaces from their printed members", () => {
    expect(interfaces.length).toBeGreaterThan(100);
    for (const d of interfaces) {
      const heritage = d.extends?.length ? ` extends ${d.extends.join(", ")}` : "";
      const lead = `${d.exported ? "export " : ""}interface ${d.name}${heritage} `;
      const lines = d.members.map((member) => printMember(member, 2));
      expect(`${printBlock(lead, d.doc, lines, "")}\n`).toBe(printDeclarations([d]));
    }
  });

  it("for properties from the flat text of their type, breaking the nodes when it does not fit", () => {
    const properties = interfaces
      .flatMap((d) => d.members)
      .filter((m) => m.kind === "property" && flatType(m.type) !== undefined);
    expect(properties.length).toBeGreaterThan(100);
    let broken = 0;
    for (const m of properties) {
      if (m.kind !== "property") continue;
      for (const indentWidth of [2, 30, 60]) {
        const expected = printMember(m, indentWidth);
        const text = flatType(m.type)!;
        if (!expected.includes(text)) broken++;
        expect(printTextProperty(m.name, m.optional, text, indentWidth, () => m.type, m.doc)).toBe(
          expected,
        );
      }
    }
    expect(broken).toBeGreaterThan(10);
  });

  it("for properties of an object type from its members' flat texts", () => {
    const objects = randomDeclarations(77, 6000)
      .flat()
      .flatMap((d) => (d.kind === "interface" ? d.members : []))
      .flatMap((m) =>
        m.kind === "property" &&
        m.type.kind === "object" &&
        !m.type.expanded &&
        m.type.members.every((p) => p.kind === "property" && !p.doc && flatType(p.type))
          ? [{ ...m, type: m.type }]
          : [],
      );
    expect(objects.length).toBeGreaterThan(20);
    for (const m of objects) {
      const parts = m.type.members.map((p) => {
        if (p.kind !== "property") throw new Error("a property");
        return { name: p.name, optional: p.optional, text: flatType(p.type)!, node: p.type };
      });
      for (const indentWidth of [2, 40, 70]) {
        const printed = printTextObjectProperty(
          m.name,
          m.optional,
          parts,
          indentWidth,
          (part) => part.node,
        );
        expect(`${printed}`).toBe(printMember({ ...m, doc: undefined }, indentWidth));
      }
    }
  });
});

/** An interface `level` objects deep: `I { a: { a: { ...members } } }`. */
function nest(
  level: number,
  declaration: { kind: "interface"; name: string; exported: boolean; members: Member[] },
): Declaration[] {
  let members = declaration.members;
  for (let i = 1; i < level; i++) {
    members = [{ kind: "property", name: "a", optional: false, type: object(members) }];
  }
  return [{ ...declaration, members }];
}

function object(members: readonly Member[]): TypeNode {
  return { kind: "object", expanded: true, members };
}

/** The member lines of the innermost object of {@link nest}'s interface. */
function innerLines(text: string, level: number): string {
  const lines = text.trimEnd().split("\n");
  return lines.slice(level, lines.length - level).join("\n");
}

describe("laid out exactly as the formatter lays it out", () => {
  it("for random declarations of every supported shape", { timeout: 90_000 }, async () => {
    const mismatches: string[] = [];
    for (const declarations of randomDeclarations(20261125, 400)) {
      const ours = printDeclarations(declarations);
      const theirs = await prettier(ours);
      if (ours !== theirs) mismatches.push(`${ours}\n--- formatter:\n${theirs}`);
    }
    expect(mismatches.slice(0, 1)).toEqual([]);
  });

  it("for builder and directive statements with names of every length", async () => {
    const mismatches: string[] = [];
    for (let length = 1; length < 95; length += 2) {
      const name = "f".repeat(length);
      const statements = [
        printPureCall(name, "builder", [typeName(`Query["${name}"]`)], [JSON.stringify(name)]),
        printPureCall(
          name,
          "directive",
          [literal(name), typeName(`Directives["${name}"]`)],
          [JSON.stringify(name)],
        ),
      ];
      for (const statement of statements) {
        if ((await prettier(`${statement}\n`)) !== `${statement}\n`) mismatches.push(statement);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("for const arrays short and long", async () => {
    for (const count of [0, 1, 3, 12]) {
      const text = `${printConstArray(
        "names",
        Array.from({ length: count }, (_, i) => stringLiteral(`event_name_${i}`)),
      )}\n`;
      expect(await prettier(text)).toBe(text);
    }
  });
});

describe("readType", () => {
  it("reads back every type the printer prints", () => {
    for (const [declaration] of randomDeclarations(7, 200).map((d) =>
      d.filter((x) => x.kind === "alias"),
    )) {
      if (declaration?.kind !== "alias") continue;
      const text = printDeclarations([declaration]);
      const typeText = text
        .slice(text.indexOf("=") + 1)
        .trim()
        .replace(/;$/, "");
      expect(printDeclarations([{ ...declaration, type: readType(typeText) }])).toBe(text);
    }
  });

  it("tells an index signature from an indexed access where members end at line breaks", () => {
    const type = readType('{\nb: string\n[k: string]: unknown\nc: X["y"][]\n}');
    expect(printDeclarations([{ kind: "alias", name: "A", exported: false, type }])).toBe(
      'type A = {\n  b: string;\n  [k: string]: unknown;\n  c: X["y"][];\n};\n',
    );
  });

  it("keeps an object written on one line inline and one written over several lines expanded", () => {
    expect(readType("{ a: string }")).toMatchObject({ kind: "object", expanded: false });
    expect(readType("{\n a: string }")).toMatchObject({ kind: "object", expanded: true });
  });

  it("refuses what it does not read, saying where", () => {
    expect(() => readType("A extends B ? C : D")).toThrow(/"extends" after the type at offset 2/);
    expect(() => readType("(a: string) => void")).toThrow(/offset/);
  });
});
