import { withBackendDescriptions } from './config-key-descriptions.js';
import { childSchemas, isNode } from './json-schema-node.js';
import type { JsonSchemaNode } from './json-schema-node.js';

interface Section {
  path: string;
  node: JsonSchemaNode;
}

/**
 * The configuration reference as Markdown, rendered from the JSON Schema that
 * `configJsonSchema` builds, so the documentation says exactly what the loader accepts.
 * One table per block (`agents[].backend`, `orchestrator`, ...); a block that is identical to one
 * already shown points to it. `backendOptions` adds a table per backend type.
 */
export function renderConfigReference(
  schema: JsonSchemaNode,
  backendOptions: Readonly<Record<string, JsonSchemaNode>> = {},
): string {
  const lines = [
    '# Configuration reference',
    '',
    'Generated from the schemas the loader validates with (`massgen --show-schema`); do not edit by hand.',
    'Editors can check and complete configuration files with the JSON Schema: add',
    '`# yaml-language-server: $schema=<path or URL of massgen.schema.json>` at the top of the file.',
    '',
    'Every key may also be `null` (the same as leaving it out). Text values may use `${NAME}` or',
    '`${NAME:-default}` to read the environment or a `.env` file in the working directory.',
  ];
  const shown = new Map<string, string>();
  const sections: Section[] = [];
  collectSections(schema, '', sections);
  for (const section of sections) {
    const key = JSON.stringify(section.node['properties']);
    const earlier = shown.get(key);
    lines.push('', `## ${section.path === '' ? 'Top level' : `\`${section.path}\``}`, '');
    if (earlier !== undefined) {
      lines.push(`The same keys as \`${earlier}\`.`);
      continue;
    }
    shown.set(key, section.path);
    lines.push(...propertyTable(section.node));
    if (section.path.endsWith('backend')) {
      lines.push(
        '',
        'Any other key is an option of the backend package: see the backend sections below, or `massgen --show-schema --backend TYPE`.',
      );
    }
  }
  for (const [type, options] of Object.entries(backendOptions).sort(([left], [right]) => left.localeCompare(right))) {
    lines.push('', ...renderBackendOptions(type, options, schema));
  }
  return `${lines.join('\n')}\n`;
}

/** The table of one backend's own options (the keys it reads beyond the common `backend` keys). */
export function renderBackendOptions(type: string, options: JsonSchemaNode, schema?: JsonSchemaNode): string[] {
  const common = new Set(schema === undefined ? [] : commonBackendKeys(schema));
  const properties = isNode(options['properties']) ? options['properties'] : {};
  const own = Object.fromEntries(Object.entries(properties).filter(([key]) => !common.has(key)));
  const heading = [`## Backend options: \`type: ${type}\``, ''];
  if (Object.keys(own).length === 0) return [...heading, 'No options beyond the common `backend` keys.'];
  return [...heading, ...propertyTable({ ...options, properties: withBackendDescriptions(own) })];
}

function commonBackendKeys(schema: JsonSchemaNode): string[] {
  const sections: Section[] = [];
  collectSections(schema, '', sections);
  const backend = sections.find((section) => section.path.endsWith('backend'));
  return backend !== undefined && isNode(backend.node['properties']) ? Object.keys(backend.node['properties']) : [];
}

function collectSections(node: JsonSchemaNode, path: string, sections: Section[]): void {
  const properties = node['properties'];
  if (!isNode(properties)) return;
  sections.push({ path, node });
  for (const [key, child] of Object.entries(properties)) {
    if (!isNode(child)) continue;
    const target = nestedObject(child, path === '' ? key : `${path}.${key}`);
    if (target !== undefined) collectSections(target.node, target.path, sections);
  }
}

/** The object a key holds, directly, as list items (`key[]`) or as map values (`key.<name>`). */
function nestedObject(node: JsonSchemaNode, path: string): Section | undefined {
  if (isNode(node['properties'])) return { path, node };
  const items = node['items'];
  if (isNode(items)) return nestedObject(items, `${path}[]`);
  const values = node['additionalProperties'];
  if (isNode(values) && isNode(values['properties'])) return { path: `${path}.<name>`, node: values };
  for (const member of [...asArray(node['anyOf']), ...asArray(node['oneOf'])]) {
    const found = isNode(member) ? nestedObject(member, path) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

function propertyTable(node: JsonSchemaNode): string[] {
  const required = new Set(asArray(node['required']).filter((key): key is string => typeof key === 'string'));
  const properties = isNode(node['properties']) ? node['properties'] : {};
  const rows = Object.entries(properties).map(([key, child]) => {
    const schema = isNode(child) ? child : {};
    const description = typeof schema['description'] === 'string' ? schema['description'] : '';
    return `| \`${key}\`${required.has(key) ? ' (required)' : ''} | ${escapeCell(describeType(schema))} | ${escapeCell(description)} |`;
  });
  return ['| Key | Value | Description |', '| --- | --- | --- |', ...rows];
}

/** A short, readable type: `number from 0 to 2`, `"read" or "write"`, `list of text`. */
export function describeType(node: JsonSchemaNode): string {
  const members = [...asArray(node['anyOf']), ...asArray(node['oneOf'])]
    .filter(isNode)
    .filter((member) => member['type'] !== 'null');
  if (members.length > 0 && node['type'] === undefined) return [...new Set(members.map(describeType))].join(', or ');
  if (Array.isArray(node['enum'])) return node['enum'].map((value) => JSON.stringify(value)).join(' or ');
  if (node['const'] !== undefined) return JSON.stringify(node['const']);
  const type = node['type'];
  if (Array.isArray(type)) {
    const kinds = type.filter((kind) => kind !== 'null');
    if (kinds.length === 1) return describeType({ ...node, type: kinds[0] });
    return kinds.length === 3 && kinds.includes('string')
      ? 'text (numbers and booleans are read as text)'
      : kinds.join(' or ');
  }
  switch (type) {
    case 'string':
      return node['format'] === 'uri' ? 'URL' : 'text';
    case 'boolean':
      return 'true or false';
    case 'number':
    case 'integer':
      return describeNumber(node, type === 'integer' ? 'whole number' : 'number');
    case 'array':
      return isNode(node['items']) ? `list of ${plural(describeType(node['items']))}` : 'list';
    case 'object': {
      if (isNode(node['properties'])) {
        const keys = Object.keys(node['properties']);
        return keys.length <= 5
          ? `mapping with ${keys.map((key) => `\`${key}\``).join(', ')}`
          : 'mapping (see its section)';
      }
      const values = node['additionalProperties'];
      return isNode(values) && Object.keys(values).length > 0
        ? `mapping of names to ${plural(describeType(values))}`
        : 'mapping';
    }
    default:
      return childSchemas(node).length > 0 ? childSchemas(node).map(describeType).join(', or ') : 'any value';
  }
}

function describeNumber(node: JsonSchemaNode, noun: string): string {
  const bound = (key: string): number | undefined => {
    const value = node[key];
    return typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;
  };
  const [minimum, maximum, above] = [bound('minimum'), bound('maximum'), bound('exclusiveMinimum')];
  if (minimum !== undefined && maximum !== undefined) return `${noun} from ${minimum} to ${maximum}`;
  if (above !== undefined && maximum !== undefined) return `${noun} above ${above}, at most ${maximum}`;
  if (above !== undefined) return `${noun} above ${above}`;
  if (minimum !== undefined) return `${noun}, at least ${minimum}`;
  return noun;
}

function plural(description: string): string {
  if (description === 'text' || description.startsWith('text ')) return description;
  if (description.startsWith('mapping (')) return 'mappings';
  return description.replace(/^(number|whole number|URL|list|mapping)\b/, '$1s');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
