/** Where in an input a problem was found. Lines and columns are 1-based. */
export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
  /** The entry the problem is about, for example `events.push` or `webhooks.out`. */
  entry?: string;
}

/**
 * A problem with the generator's input: it always names the file, and where it can the line,
 * column and entry. The CLI prints it as `file:line:column: message`.
 */
export class GeneratorError extends Error {
  override readonly name = "GeneratorError";
  readonly location: SourceLocation;

  constructor(message: string, location: SourceLocation, options?: { cause?: unknown }) {
    super(message, options);
    this.location = location;
  }

  /** `file:line:column: message (at entry)`, the form editors and terminals link. */
  format(): string {
    const { file, line, column, entry } = this.location;
    const where = [file, line, line === undefined ? undefined : column]
      .filter((part) => part !== undefined)
      .join(":");
    return `${where}: ${this.message}${entry ? ` (at ${entry})` : ""}`;
  }
}

/** Wraps anything thrown while reading `file` into a GeneratorError that names the file. */
export function toGeneratorError(error: unknown, file: string): GeneratorError {
  if (error instanceof GeneratorError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new GeneratorError(message, { file }, { cause: error });
}

/**
 * Several problems found in one pass over an input, so a user fixes them all in one round. It is
 * a GeneratorError (the first problem's message and place, with a count), so code that handles
 * one handles this too; `errors` holds each problem, and the CLI prints one line per problem.
 */
export class GeneratorErrors extends GeneratorError {
  readonly errors: readonly GeneratorError[];

  constructor(errors: readonly GeneratorError[]) {
    const [first, ...rest] = errors;
    if (!first) throw new Error("GeneratorErrors needs at least one error");
    const more =
      rest.length === 0 ? "" : ` (and ${rest.length} more problem${rest.length === 1 ? "" : "s"})`;
    super(`${first.message}${more}`, first.location);
    this.errors = errors;
  }

  /** One `file:line:column: message (at entry)` line per problem. */
  override format(): string {
    return this.errors.map((error) => error.format()).join("\n");
  }
}

/** Throws nothing for no problems, the problem itself for one, and GeneratorErrors for more. */
export function throwAll(errors: readonly GeneratorError[]): void {
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new GeneratorErrors(errors);
}
