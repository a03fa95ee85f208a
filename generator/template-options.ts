/**
 * How every template is compiled, whether at build time (`scripts/build-templates.ts`) or when
 * running from the sources: `noEscape` because the output is TypeScript, not HTML; `strict` so a
 * name the view model lacks is an error, not an empty string.
 */
export const TEMPLATE_OPTIONS = { noEscape: true, strict: true } as const;
