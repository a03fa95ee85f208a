/**
 * The names the content API gives its concrete types. The schema builder and anything that
 * resolves an element to its type (the emulator's `__typename`) use these, so they never differ.
 *
 * @example
 * entryTypeName("news", "article"); // "news_article_Entry"
 */
export function entryTypeName(section: string, entryType: string): string {
  return `${section}_${entryType}_Entry`;
}

/** `<volume>_Asset` */
export function assetTypeName(volume: string): string {
  return `${volume}_Asset`;
}

/** `<group>_Category` */
export function categoryTypeName(group: string): string {
  return `${group}_Category`;
}

/** `<group>_Tag` */
export function tagTypeName(group: string): string {
  return `${group}_Tag`;
}

/** `<handle>_GlobalSet` */
export function globalSetTypeName(handle: string): string {
  return `${handle}_GlobalSet`;
}

/** `<field>_<blockType>_BlockType` */
export function blockTypeName(field: string, blockType: string): string {
  return `${field}_${blockType}_BlockType`;
}

/** Every user has the one type `User`. */
export const USER_TYPE_NAME = "User";
