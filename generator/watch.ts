import { type FSWatcher, watch as watchFs } from "node:fs";
import { stat } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { type TypewireConfig, loadConfig } from "./config.js";
import { generate, inputsOf, remoteInputsOf } from "./generate.js";
import type { WriteResult } from "./writer.js";

export interface WatchHandlers {
  /** After each run that succeeded, including the first. */
  onGenerated(result: WriteResult): void;
  /** After each run that failed; watching goes on, and the output is left as it was. */
  onError(error: unknown): void;
}

export interface Watcher {
  close(): void;
  /** Resolves when the run in progress (if any) and the one queued after it are done. */
  settled(): Promise<void>;
}

/**
 * `typewire generate --watch` as a function: generates once, then again whenever an input file
 * or the config file changes. Folders are watched rather than files, so an editor that saves by
 * renaming a new file into place is still seen. Changes arriving together are batched. Remote
 * inputs (live endpoints) are polled on their interval and trigger a run only when their
 * fingerprint (the sorted schema) differs from the one seen before; a failed poll is reported
 * once until the endpoint answers again.
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

  const run = async () => {
    let config: TypewireConfig | undefined;
    try {
      config = await loadConfig(configFile, cwd);
      handlers.onGenerated(await generate(config, cwd));
    } catch (error) {
      handlers.onError(error);
    }
    if (!closed) await rewatch(config);
  };

  const schedule = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(run);
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
          if (!closed && current !== last) schedule();
          last = current;
        } catch (error) {
          if (!failing && !closed) handlers.onError(error);
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
    const paths = config ? inputsOf(config) : [];
    if (configFile) paths.push(resolve(cwd, configFile));
    for (const path of new Set(paths)) {
      const isDirectory = await stat(path).then(
        (s) => s.isDirectory(),
        () => false,
      );
      const folder = isDirectory ? path : dirname(path);
      const name = basename(path);
      try {
        const watcher = watchFs(folder, { recursive: isDirectory }, (_event, changed) => {
          if (isDirectory || changed === null || changed === name) schedule();
        });
        watcher.on("error", (error) => handlers.onError(error));
        watchers.push(watcher);
      } catch (error) {
        handlers.onError(error);
      }
    }
  };

  running = run();
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
