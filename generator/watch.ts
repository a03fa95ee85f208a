import { type FSWatcher, watch as watchFs } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { relativePath } from "../input/paths.js";
import { CONFIG_FILE_NAMES } from "../input/config-file.js";
import { type TypewireConfig, loadConfig } from "./config.js";
import {
  type GenerateOptions,
  type GenerateResult,
  generate,
  inputsOf,
  remoteInputsOf,
  watchFoldersOf,
} from "./generate.js";

export interface WatchHandlers extends GenerateOptions {
  /**
   * After each run that succeeded, including the first. `reason` says what started it: `"start"`,
   * or what changed (`"schemas/events.json changed"`, `"https://cms.example/api: schema changed"`).
   */
  onGenerated(result: GenerateResult, reason: string): void;
  /** After each run that failed; watching goes on, and the output is left as it was. */
  onError(error: unknown, reason: string): void;
}

export interface Watcher {
  close(): void;
  /** Resolves when the run in progress (if any) and the one queued after it are done. */
  settled(): Promise<void>;
}

/**
 * `typewire generate --watch` as a function: generates once, then again whenever an input file
 * or the config file changes (`./typewire.config.json` and the other config names too when no config is named, so creating it
 * switches from the bundled inputs to the project's). Folders are watched rather than files, so
 * an editor that saves by renaming a new file into place is still seen. Changes arriving together
 * are batched into one run. Remote inputs (live endpoints) are polled on their interval and
 * trigger a run only when their fingerprint (the sorted schema) differs from the one seen before;
 * a failed poll is reported once until the endpoint answers again.
 */
export async function watch(
  configFile: string | undefined,
  cwd: string,
  handlers: WatchHandlers,
  debounceMs = 60,
): Promise<Watcher> {
  let watchers: FSWatcher[] = [];
  let pollers: NodeJS.Timeout[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  const reasons = new Set<string>();
  // Every name a config may have when none is named, so creating one is seen.
  const configPaths = configFile
    ? [resolve(cwd, configFile)]
    : CONFIG_FILE_NAMES.map((name) => resolve(cwd, name));

  const run = async (reason: string) => {
    let config: TypewireConfig | undefined;
    try {
      config = await loadConfig(configFile, cwd);
      handlers.onGenerated(
        await generate(config, cwd, {
          cache: handlers.cache,
          strict: handlers.strict,
          onTarget: handlers.onTarget,
        }),
        reason,
      );
    } catch (error) {
      handlers.onError(error, reason);
    }
    if (!closed) await rewatch(config);
  };

  const schedule = (reason: string) => {
    if (closed) return;
    reasons.add(reason);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const reason = describe([...reasons]);
      reasons.clear();
      running = running.then(() => run(reason));
    }, debounceMs);
  };

  const repoll = (config: TypewireConfig | undefined) => {
    for (const poller of pollers) clearInterval(poller);
    pollers = [];
    for (const remote of config ? remoteInputsOf(config) : []) {
      let last: string | undefined;
      let failing = false;
      let inFlight = false;
      // The baseline is read in the background so a slow endpoint never delays file watching;
      // the first poll waits for it.
      const baseline = remote.fingerprint().then(
        (value) => {
          last = value;
        },
        () => {},
      );
      const poll = async () => {
        if (closed || inFlight) return;
        inFlight = true;
        try {
          await baseline;
          const current = await remote.fingerprint();
          failing = false;
          // An unknown baseline (the endpoint was down) counts as a change once it answers.
          if (!closed && current !== last) schedule(`${remote.label}: schema changed`);
          last = current;
        } catch (error) {
          if (!failing && !closed) handlers.onError(error, `polling ${remote.label}`);
          failing = true;
        } finally {
          inFlight = false;
        }
      };
      pollers.push(setInterval(poll, remote.intervalMs));
    }
  };

  const rewatch = async (config: TypewireConfig | undefined) => {
    repoll(config);
    for (const watcher of watchers) watcher.close();
    watchers = [];
    watchFolders(config);
    const paths = [...(config ? inputsOf(config) : []), ...configPaths];
    for (const path of new Set(paths)) {
      const isDirectory = await stat(path).then(
        (s) => s.isDirectory(),
        () => false,
      );
      const folder = isDirectory ? path : dirname(path);
      const name = basename(path);
      try {
        const watcher = watchFs(folder, { recursive: isDirectory }, (_event, changed) => {
          if (isDirectory || changed === null || changed === name) {
            const file = isDirectory && changed ? join(folder, changed) : path;
            schedule(`${relativePath(cwd, file) || file} changed`);
          }
        });
        watcher.on("error", (error) => handlers.onError(error, `watching ${folder}`));
        watchers.push(watcher);
      } catch (error) {
        handlers.onError(error, `watching ${folder}`);
      }
    }
  };

  const watchFolders = (config: TypewireConfig | undefined) => {
    for (const { dir, matches } of config ? watchFoldersOf(config) : []) {
      try {
        const watcher = watchFs(dir, { recursive: true }, (_event, changed) => {
          if (changed === null || !matches(changed)) return;
          schedule(`${relativePath(cwd, join(dir, changed))} changed`);
        });
        watcher.on("error", (error) => handlers.onError(error, `watching ${dir}`));
        watchers.push(watcher);
      } catch (error) {
        handlers.onError(error, `watching ${dir}`);
      }
    }
  };

  running = run("start");
  await running;
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      for (const poller of pollers) clearInterval(poller);
    },
    async settled() {
      await new Promise((r) => setTimeout(r, debounceMs * 2));
      await running;
    },
  };
}

/** The reasons of one batched run, in one short phrase. */
function describe(reasons: readonly string[]): string {
  const sorted = [...reasons].sort();
  if (sorted.length <= 3) return sorted.join(", ");
  return `${sorted.slice(0, 3).join(", ")} and ${sorted.length - 3} more`;
}
