import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { graphqlConfigText } from "../../generator/content/graphql-config.js";

/** The file as prettier lays out the same JSON: what `graphqlConfigText` must equal. */
const prettier = (text: string) =>
  format(JSON.stringify(JSON.parse(text)), { parser: "json", endOfLine: "lf" });

describe("graphqlConfigText", () => {
  it("lays the file out exactly as prettier lays out its JSON, for configs of every size", async () => {
    let state = 20261127;
    const rand = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const word = (max: number) => "abcdefghij".repeat(8).slice(0, 1 + Math.floor(rand() * max));
    const mismatches: string[] = [];
    for (let i = 0; i < 150; i++) {
      const schemas = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, n) => {
        const name = `${word(30)}${n}`;
        const kind = rand();
        if (kind < 0.5) return { name, file: `schemas/${word(60)}.graphql` };
        if (kind < 0.75) return { name, endpoint: `https://cms.example/${word(60)}` };
        return { name, endpoint: `https://${word(40)}.example/api`, tokenEnv: `TOKEN_${n}` };
      });
      const documents = Array.from({ length: Math.floor(rand() * 3) }, () => ({
        include: Array.from(
          { length: Math.floor(rand() * 4) },
          () => `src/${word(40)}/**/*.graphql`,
        ),
        schemas: schemas.filter(() => rand() < 0.7).map((schema) => schema.name),
      }));
      const ours = await graphqlConfigText(schemas, documents, `${word(20)}.config.json`);
      const theirs = await prettier(ours);
      if (ours !== theirs) mismatches.push(`${ours}\n--- prettier:\n${theirs}`);
    }
    expect(mismatches.slice(0, 1)).toEqual([]);
  });
});
