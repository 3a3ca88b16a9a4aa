/**
 * A schema that can both check a value and describe itself as JSON Schema: the Standard Schema
 * and Standard JSON Schema interfaces (standardschema.dev), which zod 4.2 and later implement.
 * Written out here, as the specification intends, so this package depends on no schema library
 * and a tool author's zod copy need not be ours.
 */
export interface ToolInputSchema<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly jsonSchema: {
      readonly input: (options: { readonly target: 'draft-2020-12' | 'draft-07' }) => Record<string, unknown>;
    };
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

export type StandardResult<Output> =
  { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardIssue> };

export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** The checked input a tool's `execute` receives: the schema's output type. */
export type ToolInput<Schema extends ToolInputSchema> = NonNullable<Schema['~standard']['types']>['output'];
