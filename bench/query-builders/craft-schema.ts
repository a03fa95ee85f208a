import { readFileSync } from "node:fs";
import { printSchema } from "graphql";
import type { Site } from "../../site/site-model.js";
import { buildContentSchema } from "../../site/site-schema.js";

const ENTRY_TYPES_PER_SECTION = 5;

/** An entry type of a schema: section handle, GraphQL type name and custom fields. */
export interface EntryTypeInfo {
  section: string;
  name: string;
  fields: { handle: string; kind: string }[];
}

/**
 * A Craft-shaped content API schema with `count` entry types, printed as SDL: the bundled
 * example site's fields, volumes, groups and global sets, with its sections replaced by
 * `count / 5` sections of 5 entry types each, every entry type with a different mix of the
 * site's fields. Built by the same `buildContentSchema` as the bundled schema.
 */
export function craftSchema(count: number): { sdl: string; entryTypes: EntryTypeInfo[] } {
  const site = readSite();
  const sections: Site["sections"] = {};
  const entryTypes: EntryTypeInfo[] = [];
  const all = Object.entries(site.fields).map(([handle, field]) => ({ handle, kind: field.kind }));
  for (let i = 0; i < count; i++) {
    const section = `section${Math.floor(i / ENTRY_TYPES_PER_SECTION)}`;
    const type = `type${i % ENTRY_TYPES_PER_SECTION}`;
    const fields = all.filter((_, f) => (f + i) % 3 !== 0);
    sections[section] ??= {
      id: Object.keys(sections).length + 1,
      name: section,
      type: "channel",
      entryTypes: {},
    };
    sections[section].entryTypes[type] = {
      id: i + 1,
      name: `Type ${i}`,
      fields: fields.map((f) => f.handle),
    };
    entryTypes.push({ section, name: `${section}_${type}_Entry`, fields });
  }
  return { sdl: printSchema(buildContentSchema({ ...site, sections })), entryTypes };
}

/** The bundled example's schema and entry types. */
export function exampleSchema(): { sdl: string; entryTypes: EntryTypeInfo[] } {
  const site = readSite();
  const entryTypes = Object.entries(site.sections).flatMap(([section, definition]) =>
    Object.entries(definition.entryTypes).map(([type, entryType]) => ({
      section,
      name: `${section}_${type}_Entry`,
      fields: entryType.fields.map((handle) => ({ handle, kind: site.fields[handle]!.kind })),
    })),
  );
  const sdl = readFileSync(
    new URL("../../schemas/content/schema.graphql", import.meta.url),
    "utf8",
  );
  return { sdl, entryTypes };
}

function readSite(): Site {
  return JSON.parse(
    readFileSync(new URL("../../schemas/content/site.json", import.meta.url), "utf8"),
  ) as Site;
}
