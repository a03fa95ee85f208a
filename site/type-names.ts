import { craftVersion } from "./craft-version.js";
import type { Site } from "./site-model.js";

/**
 * The names the content API gives its types, for one site. The schema builder and anything that
 * resolves an element to its type (the emulator's `__typename`) use these, so they never differ.
 * A Craft 5 site names an entry by its entry type alone (entry types are shared between sections
 * and matrix fields), and `gqlTypePrefix` goes before every name the API creates.
 */
export interface TypeNames {
  /** `<section>_<entryType>_Entry`; Craft 5: `<entryType>_Entry`. */
  entry(section: string, entryType: string): string;
  /** `<volume>_Asset` */
  asset(volume: string): string;
  /** `<group>_Category` */
  category(group: string): string;
  /** `<group>_Tag` */
  tag(group: string): string;
  /** `<handle>_GlobalSet` */
  globalSet(handle: string): string;
  /** Every user has the one type `User`. */
  user: string;
  /** `<field>_<blockType>_BlockType` (Craft 4 shape); Craft 5: the entry type's `<type>_Entry`. */
  block(field: string, blockType: string): string;
  /** Craft 5: the union a matrix field's value is a list of, `<field>_MatrixField`. */
  matrixField(field: string): string;
  /** Craft 5: the union of a section's entry types, `<section>SectionEntryUnion`. */
  sectionUnion(section: string): string;
  /** Craft 5: the union of a matrix field's entry types, `<field>FieldEntryUnion`. */
  fieldUnion(field: string): string;
  /** An interface, scalar or root type the API itself defines, such as `EntryInterface`. */
  builtIn(name: string): string;
}

/**
 * The type names of `site`'s content API.
 *
 * @example
 * typeNames(site).entry("news", "article"); // "news_article_Entry" ("article_Entry" on Craft 5)
 */
export function typeNames(site: Site): TypeNames {
  const prefix = site.gqlTypePrefix ?? "";
  const name = (text: string) => prefix + text;
  const v5 = craftVersion(site) === 5;
  return {
    entry: (section, entryType) =>
      name(v5 ? `${entryType}_Entry` : `${section}_${entryType}_Entry`),
    asset: (volume) => name(`${volume}_Asset`),
    category: (group) => name(`${group}_Category`),
    tag: (group) => name(`${group}_Tag`),
    globalSet: (handle) => name(`${handle}_GlobalSet`),
    user: name("User"),
    block: (field, blockType) =>
      name(v5 ? `${blockType}_Entry` : `${field}_${blockType}_BlockType`),
    matrixField: (field) => name(`${field}_MatrixField`),
    sectionUnion: (section) => name(`${section}SectionEntryUnion`),
    fieldUnion: (field) => name(`${field}FieldEntryUnion`),
    builtIn: name,
  };
}
