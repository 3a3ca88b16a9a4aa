/** A JSON Schema, as plain data. */
export type JsonSchemaNode = { [key: string]: unknown };

/** Schemas that describe the same value as `node` or its elements: union members, list items, map values. */
export function childSchemas(node: JsonSchemaNode): JsonSchemaNode[] {
  const children: unknown[] = [];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const members = node[key];
    if (Array.isArray(members)) children.push(...(members as unknown[]));
  }
  children.push(node['items'], node['additionalProperties']);
  return children.filter(isNode);
}

export function isNode(value: unknown): value is JsonSchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
