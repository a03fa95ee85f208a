/** The message a GraphQL server or a web framework puts in an error body, in their usual shapes. */
export function messageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const errors = record.errors;
  if (Array.isArray(errors)) {
    const messages = errors
      .map((e) => (e as { message?: unknown } | null)?.message)
      .filter((m) => typeof m === "string");
    if (messages.length > 0) return messages.join("; ");
  }
  for (const key of ["message", "error"]) {
    if (typeof record[key] === "string") return record[key] as string;
  }
  return undefined;
}
