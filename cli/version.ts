import { readFileSync } from "node:fs";
import { bundledFile } from "../input/paths.js";

/** typewire's version, from the package.json it ships with. */
export function readVersion(): string {
  return (JSON.parse(readFileSync(bundledFile("package.json"), "utf8")) as { version: string })
    .version;
}
