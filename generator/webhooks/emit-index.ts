import { renderTemplate, templatePath } from "../templates.js";
import type { EmittedFile } from "../writer.js";
import { type EventActionTable, emitterEventNamesOf } from "./event-action-table.js";

const INDEX = "webhooks/index.ts.hbs";
const TESTING = "webhooks/testing.ts.hbs";

/** What the entry point and the testing module are rendered from. */
export interface BindingView {
  /** Bind `@typewire/runtime` to the table (`bindRuntime`), or export the table alone. */
  bind: boolean;
  /** Whether payload types (and so example payloads) were generated. */
  typed: boolean;
  /** A name of the table for the doc comments' examples: its first `event.action`, or event. */
  example: string;
}

/** The view of {@link emitWebhooksIndex} and {@link emitWebhooksTesting} for a table. */
export function bindingView(table: EventActionTable, bind: boolean, typed: boolean): BindingView {
  const names = emitterEventNamesOf(table);
  return { bind, typed, example: names.find((name) => name.includes(".")) ?? names[0] ?? "" };
}

/**
 * `index.ts`: the table's names, validator and event types and, when bound, `Webhooks` and
 * `createEventHandler` of `@typewire/runtime` over that table (payload types as `Payloads`).
 */
export function emitWebhooksIndex(outDir: string, view: BindingView): EmittedFile {
  return {
    outDir,
    path: "index.ts",
    source: templatePath(INDEX),
    contents: renderTemplate(INDEX, view),
  };
}

/** `testing.ts` (bound tables only): the runtime's testing helpers over the table's examples. */
export function emitWebhooksTesting(outDir: string, view: BindingView): EmittedFile {
  return {
    outDir,
    path: "testing.ts",
    source: templatePath(TESTING),
    contents: renderTemplate(TESTING, view),
  };
}
