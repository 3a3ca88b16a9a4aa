import type { GbnfJsonSchema } from 'node-llama-cpp';

type Schema = Record<string, unknown>;

const basicTypes = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** What an unconstrained value (`{}` in JSON Schema) may be in the grammar. */
const anyScalar: GbnfJsonSchema = { type: ['string', 'number', 'boolean', 'null'] };

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withDescription(schema: GbnfJsonSchema, source: Schema): GbnfJsonSchema {
  return typeof source['description'] === 'string'
    ? ({ ...schema, description: source['description'] } as GbnfJsonSchema)
    : schema;
}

/**
 * A tool's JSON Schema in the subset node-llama-cpp turns into a grammar. Keywords the grammar
 * cannot express (numeric bounds, patterns) are dropped, so the model may produce a value that
 * the tool then rejects; objects allow no extra keys, so the model cannot ramble into them.
 * Returns undefined for a schema no value satisfies (an empty `enum`), so the tool is not offered.
 */
export function toGbnfJsonSchema(schema: unknown): GbnfJsonSchema | undefined {
  if (!isSchema(schema)) return anyScalar;
  if ('const' in schema) return withDescription({ const: schema['const'] as string | number | boolean | null }, schema);
  if (Array.isArray(schema['enum'])) {
    const values = schema['enum'].filter(
      (value): value is string | number | boolean | null =>
        value === null || ['string', 'number', 'boolean'].includes(typeof value),
    );
    return values.length === 0 ? undefined : withDescription({ enum: values }, schema);
  }
  const union = Array.isArray(schema['oneOf'])
    ? schema['oneOf']
    : Array.isArray(schema['anyOf'])
      ? schema['anyOf']
      : undefined;
  if (union !== undefined) {
    const options = union.map(toGbnfJsonSchema).filter((option): option is GbnfJsonSchema => option !== undefined);
    return options.length === 0 ? undefined : withDescription({ oneOf: options }, schema);
  }
  const type = schema['type'];
  if (Array.isArray(type)) {
    const options = type
      .map((entry: unknown) => toGbnfJsonSchema({ ...schema, type: entry }))
      .filter((option): option is GbnfJsonSchema => option !== undefined);
    return options.length === 0 ? undefined : { oneOf: options };
  }
  if (type === 'object' || (type === undefined && isSchema(schema['properties']))) return objectSchema(schema);
  if (type === 'array') return arraySchema(schema);
  if (type === 'string') {
    const lengths = {
      ...(typeof schema['minLength'] === 'number' ? { minLength: schema['minLength'] } : {}),
      ...(typeof schema['maxLength'] === 'number' ? { maxLength: schema['maxLength'] } : {}),
    };
    return withDescription({ type: 'string', ...lengths }, schema);
  }
  if (typeof type === 'string' && basicTypes.has(type)) {
    return withDescription({ type: type as 'number' | 'integer' | 'boolean' | 'null' }, schema);
  }
  return anyScalar;
}

function objectSchema(schema: Schema): GbnfJsonSchema | undefined {
  const source = isSchema(schema['properties']) ? schema['properties'] : {};
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((key): key is string => typeof key === 'string')
    : [];
  const properties: Record<string, GbnfJsonSchema> = {};
  for (const [key, value] of Object.entries(source)) {
    const converted = toGbnfJsonSchema(value);
    if (converted !== undefined) properties[key] = converted;
    else if (required.includes(key)) return undefined;
  }
  return withDescription(
    { type: 'object', properties, required: required.filter((key) => key in properties), additionalProperties: false },
    schema,
  );
}

function arraySchema(schema: Schema): GbnfJsonSchema {
  const items = schema['items'] === undefined ? anyScalar : (toGbnfJsonSchema(schema['items']) ?? anyScalar);
  return withDescription(
    {
      type: 'array',
      items,
      ...(typeof schema['minItems'] === 'number' ? { minItems: schema['minItems'] } : {}),
      ...(typeof schema['maxItems'] === 'number' ? { maxItems: schema['maxItems'] } : {}),
    },
    schema,
  );
}
