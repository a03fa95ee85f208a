import { stat } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { GeneratorError } from "../input/errors.js";
import type { JsonSource } from "../input/json-source.js";

/** An output folder of the config and the key that names it, such as `["webhooks", "out"]`. */
export interface OutDirEntry {
  key: string[];
  dir: string;
}

/**
 * The output folders of a config that `generate` cannot use, as located errors naming the config
 * file, line and key: a path that is (or runs through) an existing file, and a folder among the
 * inputs: an input folder (the payload schemas) or a folder inside one, or the folder that holds
 * an input file (the event table, a content schema). Generated modules there would mix with
 * the files they are made from, and `--watch` would see its own output as a changed input.
 *
 * @example
 * const problems = await checkOutDirs(
 *   [{ key: ["webhooks", "out"], dir: "/project/schemas/payloads" }],
 *   ["/project/schemas/events.json", "/project/schemas/payloads"],
 *   source,
 * );
 */
export async function checkOutDirs(
  entries: readonly OutDirEntry[],
  inputs: readonly string[],
  source: JsonSource,
): Promise<GeneratorError[]> {
  const problems: GeneratorError[] = [];
  const fail = (key: string[], message: string) =>
    problems.push(
      new GeneratorError(message, {
        file: source.file,
        ...source.locate(key),
        entry: key.join("."),
      }),
    );
  const inputKinds = await Promise.all(
    inputs.map(async (path) => ({ path: resolve(path), folder: await isFolder(path) })),
  );
  for (const { key, dir } of entries) {
    const out = resolve(dir);
    const file = await firstFileOnPath(out);
    if (file !== undefined) {
      fail(
        key,
        file === out
          ? `output folder ${out} is an existing file`
          : `output folder ${out} cannot be created: ${file} is a file`,
      );
      continue;
    }
    for (const input of inputKinds) {
      if (input.folder === true && (out === input.path || out.startsWith(input.path + sep))) {
        fail(key, `output folder ${out} is inside the input folder ${input.path}`);
        break;
      }
      if (input.folder === false && out === dirname(input.path)) {
        fail(
          key,
          `output folder ${out} holds the input ${relative(out, input.path)}; generate into a folder of its own`,
        );
        break;
      }
    }
  }
  return problems;
}

/** The path itself or the nearest existing ancestor when that is not a folder; else undefined. */
async function firstFileOnPath(path: string): Promise<string | undefined> {
  for (let current = path; ; current = dirname(current)) {
    const folder = await isFolder(current);
    if (folder === false) return current;
    if (folder === true || dirname(current) === current) return undefined;
  }
}

/** True for a folder, false for anything else that exists, undefined when nothing is there. */
async function isFolder(path: string): Promise<boolean | undefined> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return undefined;
  }
}
