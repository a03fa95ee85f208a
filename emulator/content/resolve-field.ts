import type { GraphQLFieldResolver } from "graphql";
import { applyDirectives, focalPointOf } from "../directives/apply-directives.js";
import { type TransformArgs, transformUrl } from "../directives/transform-url.js";
import type { FieldDefinition } from "../../site/site-model.js";
import { type ElementKind, type ElementRecord, elementStatus } from "./element-record.js";
import { answerSize } from "../limits/answer-size.js";
import { inScope } from "./in-scope.js";
import { matchParam } from "./match-param.js";
import { matrixBlocks } from "./matrix-blocks.js";
import type { QueryArgs, QueryContext } from "./query-context.js";
import { queryElements } from "./query-elements.js";
import { ROOT, resolveRoot } from "./resolve-root.js";

export { ROOT };

type QueryKind = Exclude<ElementKind, "matrixBlock">;

const relationTargets: Record<string, QueryKind> = {
  entries: "entry",
  assets: "asset",
  categories: "category",
  tags: "tag",
  users: "user",
};

/**
 * The one field resolver of the emulator: root query fields run element queries, element fields
 * read the indexed record (structure links, relations, matrix blocks, transforms), and every value
 * passes through the directives. Only elements in the schema's scope are ever returned.
 *
 * Each field first takes its turn from the request's budget: once the request has run for a
 * slice, the field waits for a later turn of the event loop (so other requests, `{ping}`
 * included, are answered meanwhile). Each value is then counted against the answer size limit
 * before graphql-js adds it. Once the request is over its time or size, fields never settle and
 * the request is answered with the limit it reached (see `RequestBudget`).
 *
 * @example
 * execute({ schema, document, rootValue: ROOT, contextValue: context, fieldResolver: resolveField });
 */
export const resolveField: GraphQLFieldResolver<unknown, QueryContext, QueryArgs> = (
  source,
  args,
  context,
  info,
) => {
  const wait = context.budget.turn();
  if (wait) return wait.then(() => resolveField(source, args, context, info));
  const value =
    source === ROOT
      ? resolveRoot(info.fieldName, args, context)
      : resolveElementField(source, args, context, info.fieldName);
  const show = (resolved: unknown) => {
    const shown = applyDirectives(
      resolved,
      source,
      info,
      context.index.site.site.language,
      context.index,
    );
    return context.budget.spend(answerSize(shown, info)) ? shown : context.budget.halted;
  };
  // An element query over many candidates may finish in later turns of the budget.
  return value instanceof Promise ? value.then(show) : show(value);
};

function resolveElementField(
  source: unknown,
  args: QueryArgs,
  context: QueryContext,
  fieldName: string,
): unknown {
  if (typeof source !== "object" || source === null) return null;
  const record = source as ElementRecord;
  if (!record._) return (source as Record<string, unknown>)[fieldName] ?? null;
  const { kind } = record._;
  const definition = record._.defs[fieldName];
  if (definition) {
    const value = record._.fields[fieldName];
    const target = relationTargets[definition.kind];
    if (target) {
      const ids = Array.isArray(value)
        ? value.filter((v): v is number => typeof v === "number")
        : [];
      if (ids.length === 0) return [];
      const from = ids
        .map((id) => context.index.byId.get(id))
        .filter((r): r is ElementRecord => r !== undefined);
      return queryElements(
        target,
        { fixedOrder: true, ...args, id: args.id ?? ids },
        context,
        from,
      );
    }
    if (definition.kind === "matrix") return matrixField(record, fieldName, args, context);
    if (definition.kind === "date") return typeof value === "string" ? new Date(value) : null;
    return value ?? null;
  }
  switch (fieldName) {
    case "children": {
      if (kind !== "entry" && kind !== "category") return null;
      if (record.lft == null) return [];
      // A previewed draft stands where its entry stands: its children are the entry's.
      const at = kind === "entry" ? (record.canonicalId as number) : record.id;
      return queryElements(kind, { ...args, descendantOf: at, descendantDist: 1 }, context);
    }
    case "parent": {
      const found =
        record._.parentId == null ? undefined : context.index.byId.get(record._.parentId);
      // During a preview, a parent shown as a draft is shown so here too.
      const parent = (found && context.preview?.placeholders.get(found.id)) ?? found;
      return parent && inScope(parent, context.scope) ? parent : null;
    }
    case "status":
      // An entry's live, pending or expired follows the clock, not the status it was indexed with.
      return elementStatus(record, context.now);
    case "_count": {
      const field = record._.defs[String(args.field)];
      const value = record._.fields[String(args.field)];
      if (!field) return 0;
      return field.kind === "matrix"
        ? ownItems(record, String(args.field), field, context).length
        : Array.isArray(value)
          ? value.length
          : 0;
    }
    case "url":
      return kind === "asset" && typeof record.url === "string"
        ? (transformUrl(record.url, args as TransformArgs, focalPointOf(record)) ?? record.url)
        : (record.url ?? null);
    case "img":
      return kind === "asset" && record.kind === "image" && typeof record.url === "string"
        ? imgTag(record)
        : null;
    case "photo": {
      const photo =
        record.photoId == null ? undefined : context.index.byId.get(record.photoId as number);
      return photo && inScope(photo, context.scope) ? photo : null;
    }
    default:
      return record[fieldName] ?? null;
  }
}

/**
 * A matrix field's value. Craft 4 shape: its blocks, filtered by `type`. Craft 5: its nested
 * entries, through the entry query and all its arguments (field order unless `orderBy` or
 * `search` says otherwise); the owner's grant covers them, whatever `nestedEntryFields` says.
 */
function matrixField(
  record: ElementRecord,
  handle: string,
  args: QueryArgs,
  context: QueryContext,
): ElementRecord[] | Promise<ElementRecord[]> {
  const definition = record._.defs[handle]!;
  const items = ownItems(record, handle, definition, context, true);
  if (context.index.site.craftVersion !== 5)
    return items.filter((b) => matchParam(b.typeHandle as string, args.type));
  const scope = {
    ...context.scope,
    nestedEntryFields: [...(context.scope.nestedEntryFields ?? []), handle],
  };
  const ordered = args.orderBy == null && args.search == null ? { orderBy: "sortOrder ASC" } : {};
  return queryElements("entry", { ...ordered, ...args }, { ...context, scope }, items);
}

/** A matrix field's blocks (Craft 4 shape) or nested entries (Craft 5), every one of them. */
function ownItems(
  record: ElementRecord,
  handle: string,
  definition: FieldDefinition,
  context: QueryContext,
  all = false,
): ElementRecord[] {
  if (context.index.site.craftVersion !== 5)
    return matrixBlocks(record, handle, definition, context.index.names);
  // A draft shows the nested entries of its entry (drafts of nested entries are not emulated).
  const owner = record._.draft?.canonicalId ?? record.id;
  const items = context.index.nested.get(owner)?.get(handle) ?? [];
  return all ? items : items.filter((item) => item.enabled);
}

function imgTag(asset: ElementRecord): string {
  const escapeHtml = (text: string) =>
    text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const size =
    asset.width && asset.height ? ` width="${asset.width}" height="${asset.height}"` : "";
  return `<img src="${escapeHtml(String(asset.url))}"${size} alt="${escapeHtml(asset.title ?? "")}">`;
}
