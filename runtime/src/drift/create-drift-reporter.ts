import * as platformTable from "../generated/webhooks/drift-table.js";
import { type Logger, createLogger } from "../logger.js";

/**
 * A generated drift table: the `drift-table.ts` module `typewire generate` writes beside a
 * table's payload types (`import * as table from "./webhooks/drift-table.js"`).
 */
export interface DriftTable {
  readonly driftEvents: readonly string[];
  readonly driftShapes: readonly string[];
}

/** What one delivery carried that the types do not declare, reported the first time only. */
export interface DriftReport {
  /** The delivery's id (`x-platform-delivery`). */
  id: string;
  /** `event.action`, or the event name for an event without actions (or an action the table lacks). */
  event: string;
  /**
   * Paths of the payload the types do not declare, not reported before for this event/action:
   * `pull_request.base.repo.custom_properties`, `[]` for array items. A delivery of an
   * event/action the table lacks reports `""`, the payload itself.
   */
  paths: string[];
  /** Where the delivery's JSON was kept, with `keep`. */
  file?: string;
}

export interface DriftOptions {
  /**
   * The generated drift table of the event table the receiver uses. Default: the platform's
   * table the runtime carries.
   */
  table?: DriftTable;
  /** Receives each report; with none, reports go to `log.warn`. */
  onDrift?: (report: DriftReport) => void;
  /** Where reports go without `onDrift`, and errors keeping a delivery. Default: the console. */
  log?: Partial<Logger>;
  /**
   * A folder to keep each reported delivery's JSON in, as `<event>--<id>.json` holding `id`,
   * `event`, `name`, `paths` and `payload`: what `typewire draft-overrides` reads. Node.js only.
   */
  keep?: string;
}

/** The event as `onAny` handlers receive it. */
export interface DriftEvent {
  id: string;
  name: string;
  payload: unknown;
}

/** A parsed shape: declared fields, open-map values, array items, and whether it is an object. */
interface Shape {
  fields: Map<string, number> | undefined;
  object: boolean;
  map: number;
  items: number;
}

const LEAF = 0;

/**
 * Reports the fields deliveries carry that the generated types do not declare, at any depth:
 * once per event/action and path for the life of the reporter (keys of an open map, such as
 * `custom_properties` values or `client_payload`, are declared). Register it for every event:
 * `webhooks.onAny(createDriftReporter())`. It walks the payload beside the table's shapes,
 * generated with the types, and never throws: a failing `onDrift` or write is logged.
 *
 * @example
 * import { createDriftReporter } from "@typewire/runtime/drift";
 * webhooks.onAny(createDriftReporter({ keep: ".typewire/drift" }));
 */
export function createDriftReporter(options: DriftOptions = {}): (event: DriftEvent) => void {
  const table = options.table ?? platformTable;
  const log = createLogger(options.log);
  const roots = new Map<string, number>();
  for (const entry of table.driftEvents) {
    const equals = entry.lastIndexOf("=");
    roots.set(entry.slice(0, equals), Number(entry.slice(equals + 1)));
  }
  const shapes: (Shape | undefined)[] = [];
  const shape = (index: number): Shape => {
    const known = shapes[index];
    if (known) return known;
    const parsed = parse(table, index);
    shapes[index] = parsed;
    return parsed;
  };
  const reported = new Set<string>();

  return (event) => {
    try {
      const action = (event.payload as { action?: unknown } | null)?.action;
      const withAction = typeof action === "string" ? `${event.name}.${action}` : undefined;
      const key = withAction !== undefined && roots.has(withAction) ? withAction : event.name;
      const root = roots.get(key);
      const found: string[] = [];
      if (root === undefined) found.push("");
      else walk(event.payload, root, [], shape, found);
      const paths = found.filter((path) => {
        const id = `${key} ${path}`;
        if (reported.has(id)) return false;
        reported.add(id);
        return true;
      });
      if (paths.length === 0) return;
      const report: DriftReport = { id: event.id, event: key, paths };
      if (options.keep !== undefined) {
        report.file = `${options.keep.replace(/\/+$/, "")}/${fileName(key, event.id)}`;
        void keepDelivery(report.file, {
          ...report,
          name: event.name,
          payload: event.payload,
        }).catch((error: unknown) =>
          log.error(`[typewire] drift: cannot keep ${report.file}:`, error),
        );
      }
      if (options.onDrift) options.onDrift(report);
      else
        log.warn(
          `[typewire] drift: ${key} delivery ${event.id} carries ${paths.length === 1 ? "a field" : "fields"} the types do not declare: ${paths.map((path) => path || "(an event/action the table lacks)").join(", ")}`,
        );
    } catch (error) {
      log.error("[typewire] drift: reporting failed:", error);
    }
  };
}

function walk(
  value: unknown,
  index: number,
  path: string[],
  shape: (index: number) => Shape,
  found: string[],
): void {
  if (index === LEAF || typeof value !== "object" || value === null) return;
  const here = shape(index);
  if (Array.isArray(value)) {
    if (here.items === LEAF) return;
    path.push("[]");
    for (const item of value) walk(item, here.items, path, shape, found);
    path.pop();
    return;
  }
  if (!here.object) return;
  for (const name in value) {
    const child = here.fields?.get(name) ?? (here.map >= 0 ? here.map : -1);
    path.push(name);
    if (child < 0) found.push(join(path));
    else walk((value as Record<string, unknown>)[name], child, path, shape, found);
    path.pop();
  }
}

function join(path: string[]): string {
  let out = "";
  for (const segment of path)
    out = segment === "[]" ? `${out}[]` : out === "" ? segment : `${out}.${segment}`;
  return out;
}

function parse(table: DriftTable, index: number): Shape {
  const text = table.driftShapes[index] ?? "";
  const result: Shape = { fields: undefined, object: false, map: -1, items: LEAF };
  if (text === "") return result;
  for (const token of text.split(" ")) {
    if (token === "{}") {
      result.object = true;
      continue;
    }
    const equals = token.lastIndexOf("=");
    const name = token.slice(0, equals);
    const child = Number(token.slice(equals + 1));
    if (name === "[]") result.items = child;
    else if (name === "*") {
      result.object = true;
      result.map = child;
    } else {
      result.object = true;
      result.fields ??= new Map();
      result.fields.set(name.includes("%") ? decodeURIComponent(name) : name, child);
    }
  }
  return result;
}

function fileName(event: string, id: string): string {
  return `${event}--${id.replace(/[^A-Za-z0-9._-]/g, "_")}.json`;
}

interface FileSystem {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  writeFile(path: string, data: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
}

async function keepDelivery(file: string, content: object): Promise<void> {
  // Loaded only when a delivery is kept, so the module also loads where there is no file system.
  const specifier = "node:fs/promises";
  const fs = (await import(specifier)) as FileSystem;
  await fs.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
  const temporary = `${file}.${Date.now()}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`);
  await fs.rename(temporary, file);
}
