/**
 * A directive argument the real API cannot use (a markdown flavor, locale or time zone it does
 * not know). The CMS throws a PHP exception there that is not marked safe for clients, so the
 * error's message is shown only in dev mode and production answers with its generic message.
 * Being neither a `GraphQLError` nor a `RangeError`, this error gets the same treatment from the
 * emulator's error formatting.
 *
 * @example
 * throw new DirectiveError('Unknown markdown flavor "wiki"');
 */
export class DirectiveError extends Error {
  override name = "DirectiveError";
}
