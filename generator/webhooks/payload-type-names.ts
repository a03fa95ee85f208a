import { GeneratorError } from "../../input/errors.js";
import type { EventActionTable } from "./event-action-table.js";
import type { PayloadSchemas } from "./payload-schema-model.js";
import { pascalCase, payloadTypeName } from "./payload-type.js";

/**
 * Fails when two generated payload types would get the same name, for example event `a_b` with
 * action `c` and event `a` with action `b_c` (both `ABCEvent`), or a shared definition named like
 * an event type. Either would silently merge two types in the output.
 *
 * @example
 * checkPayloadTypeNames(table, await readPayloadSchemas(dir, table));
 */
export function checkPayloadTypeNames(table: EventActionTable, schemas: PayloadSchemas): void {
  const owners = new Map<string, string>();
  const claim = (name: string, owner: string, file: string) => {
    const previous = owners.get(name);
    if (previous !== undefined) {
      throw new GeneratorError(
        `${owner} and ${previous} would both be named ${name}; rename one of them`,
        {
          file,
          entry: owner,
        },
      );
    }
    owners.set(name, owner);
  };
  for (const { name } of schemas.definitions)
    claim(pascalCase(name), `definition "${name}"`, schemas.definitionsFile);
  for (const { name, actions } of table.events) {
    claim(payloadTypeName(name), `event "${name}"`, table.file);
    for (const action of actions)
      claim(payloadTypeName(name, action), `"${name}.${action}"`, table.file);
  }
}
