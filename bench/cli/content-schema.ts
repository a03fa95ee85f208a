import { readFileSync } from "node:fs";
import { printSchema } from "graphql";
import type { Site } from "../../site/site-model.js";
import { buildContentSchema } from "../../site/site-schema.js";

/** Brands whose content shares one CMS install, each with its own fields and sections. */
const BRANDS = ["journal", "shop", "docs", "events", "careers", "press"] as const;
const SECTIONS_PER_BRAND = 5;
const ENTRY_TYPES_PER_SECTION = 4;
const MATRIX_FIELDS_PER_BRAND = 3;
const BLOCK_TYPES_PER_MATRIX = 8;

type Fields = Site["fields"];
type Field = Fields[string];

/**
 * A content API schema the size of a large real install (about 2 MB of SDL): several brands'
 * worth of custom fields (every kind the example site uses, each under the brand's own handle),
 * matrix fields with their own block types, and sections of entry types that each mix a
 * different subset of the brand's fields. Built by the same `buildContentSchema` as the bundled
 * schema, on top of the example site's volumes, groups and global sets.
 *
 * @example
 * const { sdl } = multiBrandSchema(); // sdl.length ≈ 2_000_000
 */
export function multiBrandSchema(): { sdl: string; entryTypes: number; fields: number } {
  const site = JSON.parse(
    readFileSync(new URL("../../schemas/content/site.json", import.meta.url), "utf8"),
  ) as Site;
  const base = Object.entries(site.fields).filter(([, field]) => field.kind !== "matrix");
  const blockSource = Object.values(site.fields).find((field) => field.kind === "matrix");
  const fields: Fields = { ...site.fields };
  const sections: Site["sections"] = {};
  let fieldId = 1000;
  let blockId = 1000;
  let entryTypeId = 1;
  let entryTypes = 0;

  for (const brand of BRANDS) {
    const own: string[] = [];
    for (const [handle, field] of base) {
      const name = `${brand}${capital(handle)}`;
      fields[name] = { ...field, id: fieldId++, name: `${capital(brand)} ${field.name}` } as Field;
      own.push(name);
    }
    for (let m = 0; m < MATRIX_FIELDS_PER_BRAND; m++) {
      const name = `${brand}Blocks${m}`;
      const blockTypes: Record<string, unknown> = {};
      for (let b = 0; b < BLOCK_TYPES_PER_MATRIX; b++) {
        const template = Object.values(
          (blockSource as unknown as { blockTypes: Record<string, { fields: Fields }> }).blockTypes,
        )[b % 4]!;
        const blockFields: Fields = {};
        for (const [handle, field] of Object.entries(template.fields)) {
          blockFields[`${handle}${b}`] = { ...field, id: fieldId++ } as Field;
        }
        blockTypes[`block${b}`] = { id: blockId++, name: `Block ${b}`, fields: blockFields };
      }
      fields[name] = {
        id: fieldId++,
        name: `${capital(brand)} blocks ${m}`,
        kind: "matrix",
        blockTypes,
      } as unknown as Field;
      own.push(name);
    }
    for (let s = 0; s < SECTIONS_PER_BRAND; s++) {
      const handle = `${brand}Section${s}`;
      const section: Site["sections"][string] = {
        id: Object.keys(sections).length + 1,
        name: `${capital(brand)} section ${s}`,
        type: "channel",
        entryTypes: {},
      };
      for (let t = 0; t < ENTRY_TYPES_PER_SECTION; t++) {
        const seed = s * ENTRY_TYPES_PER_SECTION + t;
        section.entryTypes[`type${t}`] = {
          id: entryTypeId++,
          name: `Type ${t}`,
          fields: own.filter((_, f) => (f + seed) % 3 !== 0),
        };
        entryTypes++;
      }
      sections[handle] = section;
    }
  }
  const sdl = printSchema(buildContentSchema({ ...site, fields, sections }));
  return { sdl, entryTypes, fields: Object.keys(fields).length };
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
