import type { Command } from "./command.js";
import { checkCommand } from "./commands/check.js";
import { deliverCommand } from "./commands/deliver.js";
import { draftOverridesCommand } from "./commands/draft-overrides.js";
import { generateCommand } from "./commands/generate.js";
import { initCommand } from "./commands/init.js";
import { introspectCommand } from "./commands/introspect.js";
import { payloadSchemasCommand } from "./commands/payload-schemas.js";
import { serveCommand } from "./commands/serve.js";

/** Every CLI command, in the order `--help` lists them. */
export const commands: readonly Command[] = [
  initCommand,
  generateCommand,
  checkCommand,
  introspectCommand,
  payloadSchemasCommand,
  serveCommand,
  deliverCommand,
  draftOverridesCommand,
];
