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
