import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogBackendTypes } from './backend-catalog.js';
import { configJsonSchema, optionsJsonSchema } from './config-json-schema.js';
import { configKeyDescriptions } from './config-key-descriptions.js';
import { isNode } from './json-schema-node.js';
import type { JsonSchemaNode } from './json-schema-node.js';
import { renderBackendOptions, renderConfigReference } from './config-reference.js';

function descriptionsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((child) => descriptionsIn(child, found));
  else if (isNode(node)) {
    if (typeof node['description'] === 'string') found.add(node['description']);
    Object.values(node).forEach((child) => descriptionsIn(child, found));
  }
  return found;
}

const backendOptions = {
  acme: z.looseObject({ api_key: z.string().optional(), region: z.enum(['eu', 'us']).optional() }),
};

describe('configJsonSchema', () => {
  it('is a draft-07 schema that needs exactly one of agent and agents', () => {
    const schema = configJsonSchema();
    expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema['oneOf']).toEqual([{ required: ['agent'] }, { required: ['agents'] }]);
  });

  it('lists the backend types of the catalog in backend.type, so a new backend package is named there', () => {
    const types = catalogBackendTypes().map((entry) => entry.type);
    expect(types).toContain('azure_openai');
    expect(configKeyDescriptions['backend.type']).toBe(
      `Backend type: ${types.join(', ')}, or any type whose package (@massgen/backend-TYPE) is installed.`,
    );
  });

  it('uses every description, so none names a key the loader no longer has', () => {
    const used = descriptionsIn(
      configJsonSchema({
        backendOptions: {
          openai: z.looseObject({
            api_key: z.string(),
            base_url: z.string(),
            timeout_seconds: z.number(),
            request_timeout: z.number(),
            headers: z.record(z.string(), z.string()),
            extra_body: z.record(z.string(), z.unknown()),
            provider: z.string(),
            organization: z.string(),
            api: z.string(),
            store: z.boolean(),
          }),
        },
      }),
    );
    const unused = Object.entries(configKeyDescriptions)
      .filter(([, text]) => !used.has(text))
      .map(([key]) => key);
    expect(unused).toEqual([]);
  });

  it('carries the ranges and choices of the zod schemas', () => {
    const text = JSON.stringify(configJsonSchema());
    expect(text).toContain('"enum":["parallel","sequential"]');
    expect(text).toContain('"maximum":2');
  });

  it('adds a backend’s own options under a condition on its type, leaving common keys alone', () => {
    const schema = configJsonSchema({ backendOptions });
    const agentsItems = ((schema['properties'] as JsonSchemaNode)['agents'] as JsonSchemaNode)[
      'items'
    ] as JsonSchemaNode;
    const backend = (agentsItems['properties'] as JsonSchemaNode)['backend'] as JsonSchemaNode;
    expect(backend['allOf']).toEqual([
      {
        if: { properties: { type: { const: 'acme' } }, required: ['type'] },
        then: {
          properties: {
            api_key: expect.objectContaining({ type: 'string' }),
            region: expect.objectContaining({ enum: ['eu', 'us'] }),
          },
        },
      },
    ]);
  });

  it('leaves out an options schema that is not a zod schema', () => {
    expect(optionsJsonSchema({ safeParse: () => ({ success: true, data: {} }) })).toBeUndefined();
    expect(configJsonSchema({ backendOptions: { other: { safeParse: () => ({ success: true }) } } })).toEqual(
      configJsonSchema(),
    );
  });
});

describe('renderConfigReference', () => {
  it('has a table per block and points repeated blocks to the first', () => {
    const reference = renderConfigReference(configJsonSchema());
    expect(reference).toContain('## `orchestrator`');
    expect(reference).toContain('| `max_rounds` | whole number, at least 1 |');
    expect(reference).toContain('| `temperature` | number from 0 to 2 |');
    expect(reference).toMatch(/## `agents\[\]\.backend`\n\nThe same keys as `agent\.backend`\./);
  });

  it('renders a backend’s own options, not the common backend keys', () => {
    const options = optionsJsonSchema(
      z.looseObject({ model: z.string().optional(), region: z.enum(['eu', 'us']).optional() }),
    );
    expect(options).toBeDefined();
    const table = renderBackendOptions('acme', options ?? {}, configJsonSchema()).join('\n');
    expect(table).toContain('| `region` | "eu" or "us" |');
    expect(table).not.toContain('`model`');
  });
});
