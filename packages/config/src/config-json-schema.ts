import { z } from 'zod';
import { configSchema } from './config-schema.js';
import { configKeyDescriptions, sectionOf, withBackendDescriptions } from './config-key-descriptions.js';
import { strategyKeysWrittenElsewhere } from './collect-strategy-keys.js';
import { childSchemas, isNode } from './json-schema-node.js';
import { builtInToolKeys } from './tool-package-config.js';
import type { JsonSchemaNode } from './json-schema-node.js';

export interface ConfigJsonSchemaOptions {
  /**
   * Each backend type's `optionsSchema` (zod), keyed by type. Their keys are added to the
   * `backend` block under `if type is X`, so an editor completes `base_url` for the right backend.
   */
  backendOptions?: Readonly<Record<string, unknown>>;
  /**
   * The built-in tool packages' settings schemas (zod), keyed by package name (`workspace`,
   * `mcp`). Their keys are added where the configuration formats write them (`backend.cwd`,
   * `backend.mcp_servers`, `orchestrator.context_paths`, ...).
   */
  toolSettings?: Readonly<Record<string, { agentSettingsSchema?: unknown; runSettingsSchema?: unknown }>>;
  /**
   * The bundled strategies' settings schemas (zod), keyed by strategy name. Their keys are added
   * where the configuration formats write them: under `orchestrator` (or `timeout_settings`, for
   * the keys upstream writes there) and, for an agent's own, beside its `id`.
   */
  strategySettings?: Readonly<Record<string, { settingsSchema?: unknown; agentSettingsSchema?: unknown }>>;
}

/**
 * The JSON Schema of a configuration file, converted from the zod schema the loader validates
 * with (draft-07, which the YAML language server reads). Checks zod expresses in code (unique
 * ids, regular expressions that compile) stay with the loader; `massgen --validate` runs them.
 */
export function configJsonSchema(options: ConfigJsonSchemaOptions = {}): JsonSchemaNode {
  const converted = z.toJSONSchema(configSchema, {
    io: 'input',
    target: 'draft-7',
    unrepresentable: 'any',
  }) as JsonSchemaNode;
  const { $schema, ...body } = converted;
  const schema: JsonSchemaNode = {
    $schema,
    title: 'MassGen configuration',
    description: 'A MassGen team: `agent` or `agents`, and optionally `orchestrator` and `display`.',
    ...body,
    oneOf: [{ required: ['agent'] }, { required: ['agents'] }],
  };
  annotate(schema, '');
  for (const [name, schemas] of Object.entries(options.toolSettings ?? {})) addToolSettings(schema, name, schemas);
  for (const schemas of Object.values(options.strategySettings ?? {})) addStrategySettings(schema, schemas);
  const backendOptions = Object.entries(options.backendOptions ?? {}).sort(([left], [right]) =>
    left.localeCompare(right),
  );
  if (backendOptions.length > 0) {
    for (const backend of backendNodes(schema)) addBackendOptions(backend, backendOptions);
  }
  return schema;
}

/** A backend package's option schema as JSON Schema, or undefined when it is not a zod schema. */
export function optionsJsonSchema(optionsSchema: unknown): JsonSchemaNode | undefined {
  if (!(optionsSchema instanceof z.ZodType)) return undefined;
  const { $schema: _dialect, ...body } = z.toJSONSchema(optionsSchema, {
    io: 'input',
    target: 'draft-7',
    unrepresentable: 'any',
  }) as JsonSchemaNode;
  return body;
}

/** Adds descriptions to every key that has one, walking into unions, lists and maps. */
function annotate(node: JsonSchemaNode, section: string): void {
  const properties = node['properties'];
  if (isNode(properties)) {
    for (const [key, child] of Object.entries(properties)) {
      if (!isNode(child)) continue;
      const description = configKeyDescriptions[section === '' ? key : `${section}.${key}`];
      if (description !== undefined) child['description'] = description;
      annotate(child, sectionOf(key));
    }
  }
  for (const nested of childSchemas(node)) annotate(nested, section);
}

function backendNodes(schema: JsonSchemaNode): JsonSchemaNode[] {
  return nodesUnder(schema, 'backend');
}

/** Every object schema held under `key` anywhere in the schema (through unions, lists and maps). */
function nodesUnder(schema: JsonSchemaNode, key: string): JsonSchemaNode[] {
  const found: JsonSchemaNode[] = [];
  const objects = (node: JsonSchemaNode): JsonSchemaNode[] =>
    isNode(node['properties']) ? [node] : childSchemas(node).flatMap(objects);
  const visit = (node: JsonSchemaNode): void => {
    const properties = node['properties'];
    if (isNode(properties)) {
      for (const [name, child] of Object.entries(properties)) {
        if (!isNode(child)) continue;
        if (name === key) found.push(...objects(child));
        visit(child);
      }
    }
    childSchemas(node).forEach(visit);
  };
  visit(schema);
  return [...new Set(found)];
}

/** A built-in tool package's keys, where the configuration formats write them. */
function addToolSettings(
  schema: JsonSchemaNode,
  name: string,
  schemas: { agentSettingsSchema?: unknown; runSettingsSchema?: unknown },
): void {
  const keys = builtInToolKeys[name];
  if (keys === undefined) return;
  const agentProperties = optionsJsonSchema(schemas.agentSettingsSchema)?.['properties'];
  const runProperties = optionsJsonSchema(schemas.runSettingsSchema)?.['properties'];
  const place = (nodes: JsonSchemaNode[], wanted: readonly string[] | undefined, properties: unknown): void => {
    if (wanted === undefined || !isNode(properties)) return;
    for (const node of nodes) {
      const target = node['properties'] as JsonSchemaNode;
      for (const key of wanted) if (properties[key] !== undefined) target[key] = properties[key];
    }
  };
  place(nodesUnder(schema, 'backend'), keys.backend, agentProperties);
  place([...nodesUnder(schema, 'agent'), ...nodesUnder(schema, 'agents')], keys.agent, agentProperties);
  place(nodesUnder(schema, 'orchestrator'), keys.orchestrator, runProperties);
  place(nodesUnder(schema, 'coordination'), keys.coordination, runProperties);
}

/** A strategy's keys, where the configuration formats write them; the first strategy to describe a key wins. */
function addStrategySettings(
  schema: JsonSchemaNode,
  schemas: { settingsSchema?: unknown; agentSettingsSchema?: unknown },
): void {
  const elsewhere = strategyKeysWrittenElsewhere();
  const place = (nodes: JsonSchemaNode[], key: string, property: unknown): void => {
    for (const node of nodes) {
      const target = node['properties'] as JsonSchemaNode;
      if (target[key] === undefined) target[key] = property;
    }
  };
  const runProperties = optionsJsonSchema(schemas.settingsSchema)?.['properties'];
  if (isNode(runProperties)) {
    for (const [key, property] of Object.entries(runProperties)) {
      const block = elsewhere[key]?.[0];
      place(nodesUnder(schema, typeof block === 'string' ? block : 'orchestrator'), key, property);
    }
  }
  const agentProperties = optionsJsonSchema(schemas.agentSettingsSchema)?.['properties'];
  if (isNode(agentProperties)) {
    for (const [key, property] of Object.entries(agentProperties))
      place([...nodesUnder(schema, 'agent'), ...nodesUnder(schema, 'agents')], key, property);
  }
}

function addBackendOptions(backend: JsonSchemaNode, backendOptions: ReadonlyArray<[string, unknown]>): void {
  const common = isNode(backend['properties']) ? backend['properties'] : {};
  const conditions: JsonSchemaNode[] = [];
  for (const [type, optionsSchema] of backendOptions) {
    const options = optionsJsonSchema(optionsSchema);
    const properties = options?.['properties'];
    if (!isNode(properties)) continue;
    const own = Object.fromEntries(Object.entries(properties).filter(([key]) => !(key in common)));
    if (Object.keys(own).length === 0) continue;
    conditions.push({
      if: { properties: { type: { const: type } }, required: ['type'] },
      then: { properties: withBackendDescriptions(own) },
    });
  }
  if (conditions.length > 0) backend['allOf'] = conditions;
}
