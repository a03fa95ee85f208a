import { writeFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { GeneratorError } from "../../input/errors.js";

export interface StarterConfigOptions {
  cwd: string;
  /** Where to write; `typewire.config.json` in `cwd` by default. */
  file?: string | undefined;
  endpoint?: string | undefined;
  tokenEnv?: string | undefined;
  schema?: string | undefined;
  webhooksOut?: string | undefined;
  contentOut?: string | undefined;
}

/**
 * The text of a starter config: webhook code from the bundled event table, and, with an endpoint,
 * a content module for its public schema and one for a token's schema.
 *
 * @example
 * starterConfigText({ cwd: ".", endpoint: "https://cms.example/api" });
 * // '{\n  "$schema": "./node_modules/typewire/schemas/config.schema.json",\n  "webhooks": ...'
 */
export function starterConfigText(options: StarterConfigOptions): string {
  const { endpoint, tokenEnv, schema = "private" } = options;
  const config: Record<string, unknown> = {
    $schema: "./node_modules/typewire/schemas/config.schema.json",
    webhooks: { out: options.webhooksOut ?? "src/generated/webhooks" },
  };
  if (endpoint !== undefined) {
    config.content = {
      out: options.contentOut ?? "src/generated/content",
      schemas: {
        public: { endpoint },
        ...(tokenEnv ? { [schema]: { endpoint, tokenEnv } } : {}),
      },
    };
  }
  return `${JSON.stringify(config, null, 2)}\n`;
}

/**
 * `typewire init` as a function: writes the starter config, never over an existing file.
 *
 * @example
 * await writeStarterConfig({ cwd: process.cwd(), endpoint: "https://cms.example/api" });
 */
export async function writeStarterConfig(
  options: StarterConfigOptions,
): Promise<{ file: string; outputs: string[]; tokenEnv?: string }> {
  const path = resolve(options.cwd, options.file ?? "typewire.config.json");
  const display = relative(options.cwd, path) || path;
  const text = starterConfigText(options);
  try {
    await writeFile(path, text, { flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") {
      throw new GeneratorError(
        "already exists; typewire init never overwrites a config. Edit it, or remove it and run init again",
        { file: display },
      );
    }
    throw new GeneratorError(`cannot write the config: ${(error as Error).message}`, {
      file: display,
    });
  }
  const parsed = JSON.parse(text) as { webhooks: { out: string }; content?: { out: string } };
  return {
    file: display,
    outputs: [parsed.webhooks.out, ...(parsed.content ? [parsed.content.out] : [])],
    ...(options.tokenEnv ? { tokenEnv: options.tokenEnv } : {}),
  };
}
