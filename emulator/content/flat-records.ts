import type {
  AssetContent,
  GlobalSetContent,
  Site,
  TagContent,
  UserContent,
} from "../../site/site-model.js";
import type { ElementRecord } from "./element-record.js";
import { recordBasics, searchRows } from "./record-basics.js";

/**
 * The record of an asset: volume, folder, file facts, URL (volume base URL plus path) and focal
 * point (the centre when an image has none set, null for other files).
 *
 * @example
 * assetRecord(site, site.content.assets[0]!).url;
 */
export function assetRecord(site: Site, a: AssetContent): ElementRecord {
  const { common, defs, names } = recordBasics(site);
  const volume = site.volumes[a.volume]!;
  const fields = a.fields ?? {};
  const fieldDefs = defs(volume.fields);
  const base = common(a);
  const slash = a.path.lastIndexOf("/");
  const dot = a.filename.lastIndexOf(".");
  const extension = dot >= 0 ? a.filename.slice(dot + 1).toLowerCase() : "";
  return {
    ...base,
    __typename: names.asset(a.volume),
    title: a.title,
    slug: null,
    uri: null,
    url: volume.baseUrl + a.path,
    status: base.enabled ? "enabled" : "disabled",
    volumeId: volume.id,
    folderId: a.folderId,
    filename: a.filename,
    extension,
    hasFocalPoint: Boolean(a.focalPoint),
    focalPoint: a.kind === "image" ? (a.focalPoint ?? [0.5, 0.5]) : null,
    kind: a.kind,
    size: String(a.size),
    height: a.height ?? null,
    width: a.width ?? null,
    mimeType: a.mimeType,
    path: a.path,
    dateModified: new Date(a.dateModified),
    _: {
      kind: "asset",
      owner: a.volume,
      fields,
      defs: fieldDefs,
      folderPath: slash >= 0 ? a.path.slice(0, slash) : "",
      searchRows: searchRows(
        { title: a.title, slug: null, filename: a.filename, extension, kind: a.kind },
        fields,
        fieldDefs,
      ),
    },
  };
}

/**
 * The record of a tag.
 *
 * @example
 * tagRecord(site, site.content.tags[0]!).groupHandle; // "keywords"
 */
export function tagRecord(site: Site, t: TagContent): ElementRecord {
  const { common, defs, names } = recordBasics(site);
  const group = site.tagGroups[t.group]!;
  const fields = t.fields ?? {};
  const fieldDefs = defs(group.fields);
  const base = common(t);
  return {
    ...base,
    __typename: names.tag(t.group),
    title: t.title,
    slug: t.slug,
    uri: null,
    status: base.enabled ? "enabled" : "disabled",
    groupId: group.id,
    groupHandle: t.group,
    _: {
      kind: "tag",
      owner: t.group,
      fields,
      defs: fieldDefs,
      searchRows: searchRows({ title: t.title, slug: t.slug }, fields, fieldDefs),
    },
  };
}

/**
 * The record of a user: names as the API derives them (`friendlyName`, `fullName`, `name`).
 *
 * @example
 * userRecord(site, site.content.users[0]!).fullName; // "Ada Lindqvist"
 */
export function userRecord(site: Site, u: UserContent): ElementRecord {
  const { common, defs, names } = recordBasics(site);
  const fields = u.fields ?? {};
  const fieldDefs = defs(site.userFields);
  const fullName = [u.firstName, u.lastName].filter(Boolean).join(" ") || null;
  return {
    ...common(u),
    __typename: names.user,
    title: fullName ?? u.username,
    slug: null,
    uri: null,
    status: u.status,
    photoId: u.photoId ?? null,
    friendlyName: u.firstName || u.username,
    fullName,
    name: fullName ?? u.username,
    preferences: JSON.stringify(u.preferences ?? {}),
    preferredLanguage: u.preferredLanguage ?? null,
    username: u.username,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    email: u.email,
    _: {
      kind: "user",
      owner: "users",
      fields,
      defs: fieldDefs,
      groups: u.groups,
      // Users have no title; their name attributes are indexed instead.
      searchRows: searchRows(
        {
          slug: null,
          username: u.username,
          firstName: u.firstName,
          lastName: u.lastName,
          fullName,
          email: u.email,
        },
        fields,
        fieldDefs,
      ),
    },
  };
}

/**
 * The record of a global set, named after its definition.
 *
 * @example
 * globalSetRecord(site, site.content.globalSets[0]!).name; // "Site information"
 */
export function globalSetRecord(site: Site, g: GlobalSetContent): ElementRecord {
  const { common, defs, names } = recordBasics(site);
  const definition = site.globalSets[g.handle]!;
  const fields = g.fields ?? {};
  const fieldDefs = defs(definition.fields);
  const base = common(g);
  return {
    ...base,
    __typename: names.globalSet(g.handle),
    title: definition.name,
    slug: null,
    uri: null,
    status: base.enabled ? "enabled" : "disabled",
    name: definition.name,
    handle: g.handle,
    _: {
      kind: "globalSet",
      owner: g.handle,
      fields,
      defs: fieldDefs,
      // Global sets have no title and no searchable attributes: only their fields are indexed.
      searchRows: searchRows({ slug: null }, fields, fieldDefs),
    },
  };
}
