/** One reason an options object was rejected, with the key path inside it. */
export interface OptionsIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

export type OptionsParseResult<Output = unknown> =
  { success: true; data: Output } | { success: false; error: { issues: ReadonlyArray<OptionsIssue> } };

/**
 * The part of a schema library that MassGen relies on to validate plugin options. A zod
 * schema satisfies it as is; core stays free of any schema library.
 */
export interface OptionsSchema<Output = unknown> {
  safeParse(input: unknown): OptionsParseResult<Output>;
}
