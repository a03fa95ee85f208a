import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A folder of this run, where test files share the packed packages (`packed()`). */
    packDir: string;
  }
}

/**
 * Runs once per `vitest` run, before any test file: makes the folder the packed packages of
 * this run go to, so the files that install them pack each package once between them (and
 * never two at once: packing rebuilds dist/). Nothing is packed here, so a run that installs
 * no package pays nothing. The folder is removed after the run.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), "typewire-packs-"));
  project.provide("packDir", dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
