import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { Site } from "../../site/site-model.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

it("docs/emulator.md lists every schema of the example site with its name, token and state", () => {
  const { schemas } = JSON.parse(read("schemas/content/site.json")) as Site;
  const doc = read("docs/emulator.md");
  const start = doc.indexOf("The example site's schemas and tokens");
  expect(start).toBeGreaterThan(-1);
  // The table right under that sentence: its lines up to the first that is not a table row.
  const lines = doc.slice(start).split("\n").slice(2);
  const end = lines.findIndex((line) => !line.startsWith("|"));
  const rows = lines.slice(2, end).map((line) => line.split("|").map((cell) => cell.trim()));
  expect(rows.map((row) => row[1])).toEqual(Object.keys(schemas).map((handle) => `\`${handle}\``));
  for (const row of rows) {
    const schema = schemas[row[1]!.slice(1, -1)]!;
    expect(row[2]).toBe(schema.name);
    if (schema.public) expect(row[3]).toMatch(/^public/);
    else expect(row[3]).toBe(`token \`${schema.accessToken}\``);
    if (!schema.enabled) expect(row[4]).toMatch(/^disabled/);
    else if (schema.expiryDate && Date.parse(schema.expiryDate) <= Date.now())
      expect(row[4]).toContain(`expired ${schema.expiryDate}`);
    else expect(row[4]).toMatch(/^enabled/);
  }
});
