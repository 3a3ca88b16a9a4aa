import { catalogBackendTypes } from './backend-catalog.js';
import { isNode } from './json-schema-node.js';
import type { JsonSchemaNode } from './json-schema-node.js';

/**
 * What each configuration key does, for the JSON Schema (editor hover text) and the generated
 * reference. Keyed by section and key: a key's section is the key that holds it, in the
 * singular for list items and map values (`agents` → `agent`).
 * A test checks that every entry names a key the loader's schema has, so none can go stale.
 */
export const configKeyDescriptions: Readonly<Record<string, string>> = {
  agent: 'A single agent (the seed dialect). Use either `agent` or `agents`.',
  agents: 'The team: a list of agents that answer in parallel and vote. Use either `agent` or `agents`.',
  orchestrator: 'How the agents coordinate: rounds, voting, restarts, budgets, workspaces.',
  timeout_settings: "Upstream MassGen's time limits, in seconds.",
  ui: "Upstream MassGen's display settings; `display` is the seed dialect's.",
  display: 'The terminal display.',
  tools:
    'Tool packages for the whole team, by name: `weather: {...}` loads `@massgen/tools-weather` (or `massgen-tools-weather`, or the `package` given) with these settings.',

  'agent.id': 'Unique name of the agent, shown in the display and used for its workspace directory.',
  'agent.system_message': "The agent's role and instructions.",
  'agent.backend':
    'The model service the agent runs on. Keys not listed here are options of the backend package (see `massgen --show-schema --backend TYPE`).',

  'backend.type': `Backend type: ${catalogBackendTypes()
    .map((entry) => entry.type)
    .join(', ')}, or any type whose package (@massgen/backend-TYPE) is installed.`,
  'backend.model': 'Model name as the provider knows it.',
  'backend.package': 'Load this package as the backend instead of the one named after `type`.',
  'backend.temperature': 'Sampling temperature; higher is more varied.',
  'backend.top_p': 'Nucleus sampling: the probability mass to sample from.',
  'backend.max_tokens': 'Most tokens the model may generate per reply.',
  'backend.seed': 'Sampling seed, for providers that support repeatable sampling.',
  'backend.reasoning': 'Reasoning settings for reasoning models.',
  'backend.exclude_tools':
    'Tools this agent is never offered, by the name the agent sees them under (an MCP tool as `mcp__<server>__<tool>`).',
  'backend.tools':
    "Tool packages for this agent, by name, each with this agent's settings (see the top-level `tools`).",
  'backend.max_concurrent_requests':
    "Most requests at once to this agent's provider (its type and base URL), shared by every agent on it: set your key's concurrency limit here, and a team of any size keeps to it. An agent waiting for a slot is said to be waiting (once), not silent; a provider's retry-after holds every agent on it. When agents on one provider set different limits, the smallest holds. Default: no limit.",
  'backend.pricing': 'Prices for cost estimates and budgets, overriding the built-in price table.',

  'backend.api_key':
    "API key; by default read from the provider's environment variable (OPENAI_API_KEY, ANTHROPIC_API_KEY, ...). Prefer `${NAME}` to writing a key here.",
  'backend.base_url': "Base URL of the provider's API, for proxies, gateways and local servers.",
  'backend.timeout_seconds':
    'Longest silence allowed within one request: before the response starts, and between its chunks. Default 600 (10 minutes), since a reasoning model may think that long before it writes; a request cut off by it is retried (see orchestrator.max_turn_attempts).',
  'backend.request_timeout': "Upstream's name for `timeout_seconds`.",
  'backend.headers': 'Extra HTTP headers sent with every request.',
  'backend.extra_body': 'Extra fields merged into every request body, for provider-specific settings.',
  'backend.provider': 'A known OpenAI-compatible provider, which sets the base URL and the API key variable.',
  'backend.organization': 'OpenAI organization id.',
  'backend.api': 'Which OpenAI API to call: `responses`, `chat` (Chat Completions), or `auto`.',
  'backend.store': 'Whether OpenAI stores the responses.',

  'reasoning.effort':
    'How hard a reasoning model thinks: low, medium or high (the provider decides which values it accepts).',

  'pricing.input_per_million': 'US dollars per million input tokens.',
  'pricing.output_per_million': 'US dollars per million output tokens.',
  'pricing.cached_input_per_million': 'US dollars per million cached input tokens; the input price when left out.',
  'pricing.tool_uses':
    "US dollars per use of the provider's own tools, by the name usage reports them under (web_search, code_interpreter_containers, google_search_queries, grounded_prompts, live_search_sources); each replaces the built-in price.",

  'orchestrator.workflow':
    '`parallel` (answer and vote, the default) or `sequential` (a pipeline: each agent gets the previous output).',
  'orchestrator.strategy': 'Coordination strategy to load by name (`vote`, `sequential`) or a package name.',
  'orchestrator.max_rounds':
    "Most turns each agent takes, each ending in an answer or a vote; round k is every agent's k-th turn (the round in progress lines, the live display and votes.json). Then the leading answer is presented. Default 10.",
  'orchestrator.max_turn_attempts':
    "Attempts an agent gets at one turn, when the turn ends without exactly one answer or vote or its stream breaks after output began. A failed request is retried by the runtime instead, never here too: 3 requests in all, 1 s and 2 s apart (or the provider's retry-after, up to 60 s). Default 3.",
  'orchestrator.coordinate_single_agent':
    'A team of one answers in one model call; true has it answer, vote on its own answer and present, as a team does. Default false.',
  'orchestrator.max_concurrent_requests':
    "Most model requests the whole run makes at once, every provider together (each provider also keeps to its agents' backend.max_concurrent_requests). Default: no limit.",
  'orchestrator.budget': 'Stop coordinating when the run reaches these totals.',

  'budget.max_tokens_total': 'Most tokens (input and output, all agents) the run may use.',
  'budget.max_cost_usd': 'Most the run may cost, in US dollars, by the price table.',

  'timeout_settings.orchestrator_timeout_seconds':
    'Time limit for the whole coordination; at the limit the leader presents. Default 1800 (30 minutes).',
  'timeout_settings.initial_round_timeout_seconds':
    'Time limit for each agent turn; MassGen-TS uses one limit for every round. Default: none.',
  'timeout_settings.subsequent_round_timeout_seconds':
    'Upstream limit for later rounds; used for every round when initial_round_timeout_seconds is absent. Default: none.',

  'ui.display_type':
    "Upstream's display names; `textual_terminal` and `rich_terminal` are the live display, `silent` shows nothing.",
  'ui.logging_enabled': "Upstream's logging switch; runs are always recorded under .massgen/runs/.",
  'ui.use_orchestrator_for_single_agent': "Upstream's name for orchestrator.coordinate_single_agent.",

  'display.type': '`textual` or `rich` for the live terminal display, `simple` for plain lines, `none` for silence.',
  'display.live_timeline': 'Show the timeline of answers and votes.',
  'display.show_agent_cards': 'Show a card per agent with its status.',
};

/** The section of the keys inside `key`: list items and map values are named in the singular. */
export function sectionOf(key: string): string {
  const singular: Record<string, string> = {
    agents: 'agent',
  };
  return singular[key] ?? key;
}

/** Backend packages' zod schemas carry no descriptions; the common option names get ours. */
export function withBackendDescriptions(properties: JsonSchemaNode): JsonSchemaNode {
  return Object.fromEntries(
    Object.entries(properties).map(([key, child]) => {
      const description = configKeyDescriptions[`backend.${key}`];
      return [
        key,
        isNode(child) && description !== undefined && child['description'] === undefined
          ? { ...child, description }
          : child,
      ];
    }),
  );
}
