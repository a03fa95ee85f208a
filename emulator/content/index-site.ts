import {
  type FieldDefinition,
  type FieldValues,
  type MatrixBlockContent,
  RELATION_KINDS,
  type Site,
} from "../../generator/content/site-model.js";
import type { ElementKind, ElementRecord } from "./element-record.js";
import { assignStructure } from "./assign-structure.js";

/** The site's content, indexed once per load so every query is a filter over arrays. */
export interface ContentIndex {
  site: Site;
  byKind: Record<Exclude<ElementKind, "matrixBlock">, ElementRecord[]>;
  byId: Map<number, ElementRecord>;
  /** Element id to the ids it relates to or is related from (relations count both ways). */
  relations: Map<number, Set<number>>;
}

const relationKinds: readonly string[] = RELATION_KINDS;

/**
 * Indexes a site file's content: one {@link ElementRecord} per element with the API's fields
 * computed (URLs, structure positions, user names, asset extensions) and the relations between
 * elements, so resolvers never look at the raw file.
 *
 * @example
 * const index = indexSite(site);
 * index.byKind.entry.length; // every entry, in file order
 */
export function indexSite(site: Site): ContentIndex {
  const siteId = site.site.id;
  const base = site.site.baseUrl;
  const pick = (handles: string[]) =>
    Object.fromEntries(handles.flatMap((h) => (site.fields[h] ? [[h, site.fields[h]]] : [])));
  const common = (
    kind: ElementKind,
    e: {
      id: number;
      uid: string;
      enabled?: boolean;
      archived?: boolean;
      trashed?: boolean;
      dateCreated: string;
      dateUpdated: string;
      fields?: FieldValues;
    },
  ) => ({
    id: e.id,
    uid: e.uid,
    enabled: e.enabled ?? true,
    archived: e.archived ?? false,
    trashed: e.trashed ?? false,
    siteId,
    dateCreated: new Date(e.dateCreated),
    dateUpdated: new Date(e.dateUpdated),
    kind,
  });
  const pageUrl = (uri: string | null | undefined) =>
    uri ? (uri === "__home__" ? base : base + uri) : null;

  const entries = site.content.entries.map((e): ElementRecord => {
    const section = site.sections[e.section]!;
    const type = section.entryTypes[e.type]!;
    const { kind, ...rest } = common("entry", e);
    const fields = e.fields ?? {};
    const record: ElementRecord = {
      ...rest,
      __typename: `${e.section}_${e.type}_Entry`,
      title: e.title,
      slug: e.slug,
      uri: e.uri ?? null,
      url: pageUrl(e.uri),
      status: rest.enabled ? "live" : "disabled",
      sectionId: section.id,
      sectionHandle: e.section,
      typeId: type.id,
      typeHandle: e.type,
      postDate: new Date(e.postDate),
      expiryDate: e.expiryDate ? new Date(e.expiryDate) : null,
      structureId: section.structureId ?? null,
      _: {
        kind,
        owner: e.section,
        ownerType: `${e.section}.${e.type}`,
        fields,
        defs: pick(type.fields),
        parentId: e.parentId ?? null,
        authorId: e.authorId,
        searchText: searchText([e.title, e.slug], fields),
      },
    };
    return record;
  });

  const assets = site.content.assets.map((a): ElementRecord => {
    const volume = site.volumes[a.volume]!;
    const { kind, ...rest } = common("asset", a);
    const fields = a.fields ?? {};
    const slash = a.path.lastIndexOf("/");
    const dot = a.filename.lastIndexOf(".");
    return {
      ...rest,
      __typename: `${a.volume}_Asset`,
      title: a.title,
      slug: null,
      uri: null,
      url: volume.baseUrl + a.path,
      status: rest.enabled ? "enabled" : "disabled",
      volumeId: volume.id,
      folderId: a.folderId,
      filename: a.filename,
      extension: dot >= 0 ? a.filename.slice(dot + 1).toLowerCase() : "",
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
        kind,
        owner: a.volume,
        fields,
        defs: pick(volume.fields),
        folderPath: slash >= 0 ? a.path.slice(0, slash) : "",
        searchText: searchText([a.title, a.filename], fields),
      },
    };
  });

  const categories = site.content.categories.map((c): ElementRecord => {
    const group = site.categoryGroups[c.group]!;
    const { kind, ...rest } = common("category", c);
    const fields = c.fields ?? {};
    return {
      ...rest,
      __typename: `${c.group}_Category`,
      title: c.title,
      slug: c.slug,
      uri: c.uri ?? null,
      url: pageUrl(c.uri),
      status: rest.enabled ? "enabled" : "disabled",
      groupId: group.id,
      groupHandle: c.group,
      structureId: group.structureId,
      _: {
        kind,
        owner: c.group,
        fields,
        defs: pick(group.fields),
        parentId: c.parentId ?? null,
        searchText: searchText([c.title, c.slug], fields),
      },
    };
  });

  const tags = site.content.tags.map((t): ElementRecord => {
    const group = site.tagGroups[t.group]!;
    const { kind, ...rest } = common("tag", t);
    const fields = t.fields ?? {};
    return {
      ...rest,
      __typename: `${t.group}_Tag`,
      title: t.title,
      slug: t.slug,
      uri: null,
      status: rest.enabled ? "enabled" : "disabled",
      groupId: group.id,
      groupHandle: t.group,
      _: {
        kind,
        owner: t.group,
        fields,
        defs: pick(group.fields),
        searchText: searchText([t.title, t.slug], fields),
      },
    };
  });

  const users = site.content.users.map((u): ElementRecord => {
    const { kind, ...rest } = common("user", u);
    const fields = u.fields ?? {};
    const fullName = [u.firstName, u.lastName].filter(Boolean).join(" ") || null;
    return {
      ...rest,
      __typename: "User",
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
        kind,
        owner: "users",
        fields,
        defs: pick(site.userFields),
        groups: u.groups,
        searchText: searchText([u.username, u.email, u.firstName ?? "", u.lastName ?? ""], fields),
      },
    };
  });

  const globalSets = site.content.globalSets.map((g): ElementRecord => {
    const definition = site.globalSets[g.handle]!;
    const { kind, ...rest } = common("globalSet", g);
    const fields = g.fields ?? {};
    return {
      ...rest,
      __typename: `${g.handle}_GlobalSet`,
      title: definition.name,
      slug: null,
      uri: null,
      status: rest.enabled ? "enabled" : "disabled",
      name: definition.name,
      handle: g.handle,
      _: {
        kind,
        owner: g.handle,
        fields,
        defs: pick(definition.fields),
        searchText: searchText([definition.name], fields),
      },
    };
  });

  assignStructure(entries.filter((e) => e.structureId !== null));
  assignStructure(categories);

  const byKind = {
    entry: entries,
    asset: assets,
    category: categories,
    tag: tags,
    user: users,
    globalSet: globalSets,
  };
  const byId = new Map<number, ElementRecord>();
  for (const records of Object.values(byKind))
    for (const record of records) byId.set(record.id, record);
  const relations = new Map<number, Set<number>>();
  const relate = (a: number, b: number) => {
    if (!relations.has(a)) relations.set(a, new Set());
    relations.get(a)!.add(b);
  };
  for (const record of byId.values()) {
    for (const [handle, definition] of Object.entries(record._.defs)) {
      for (const target of relatedIds(definition, record._.fields[handle])) {
        relate(record.id, target);
        relate(target, record.id);
      }
    }
  }
  return { site, byKind, byId, relations };
}

/** The element ids a relation field's value holds; nothing for other field kinds. */
export function relatedIds(definition: FieldDefinition, value: unknown): number[] {
  if (!relationKinds.includes(definition.kind) || !Array.isArray(value)) return [];
  return value.filter((v): v is number => typeof v === "number");
}

function searchText(attributes: string[], fields: FieldValues): string {
  const texts = [...attributes];
  const collect = (values: FieldValues) => {
    for (const value of Object.values(values)) {
      if (typeof value === "string") texts.push(value.replace(/<[^>]*>/g, " "));
      else if (Array.isArray(value)) {
        for (const block of value)
          if (typeof block === "object" && block)
            collect((block as MatrixBlockContent).fields ?? {});
      }
    }
  };
  collect(fields);
  return texts.join(" ").toLowerCase();
}
