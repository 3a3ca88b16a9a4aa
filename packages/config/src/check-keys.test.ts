import { describe, expect, it } from 'vitest';
import { checkKeys } from './check-keys.js';
import { backendKeyRule, knownKeys } from './known-keys.js';
import type { SectionName } from './known-keys.js';

describe('checkKeys', () => {
  it('accepts a configuration of known keys silently', () => {
    const result = checkKeys({
      agents: [
        {
          id: 'a',
          system_message: 'hi',
          backend: { type: 'openai', model: 'gpt-5', api_key: 'k', reasoning: { effort: 'low', summary: 'auto' } },
        },
      ],
      orchestrator: { max_rounds: 3, voting_method: 'majority' },
      display: { type: 'textual' },
    });
    expect(result.warnings).toEqual([]);
    expect(result.issues).toEqual([]);
  });

  it('warns about an unknown key by its path and suggests the likely key', () => {
    const result = checkKeys({ display: { typ: 'rich', colour: 'blue' } });
    expect(result.warnings).toEqual([
      {
        code: 'unknown-key',
        segments: ['display', 'typ'],
        message: 'not a key MassGen knows (did you mean "type"?); it is ignored',
      },
      {
        code: 'unknown-key',
        segments: ['display', 'colour'],
        message: 'not a key MassGen knows; it is ignored',
      },
    ]);
  });

  it('leaves an unknown orchestrator or agent key to the strategy, which may own it and warns about it if not', () => {
    expect(checkKeys({ orchestrator: { max_round: 3, fixture_depth: 'deep' } }).warnings).toEqual([]);
    expect(checkKeys({ agents: [{ id: 'a', fixture_title: 'Dr', system_mesage: 'hi' }] }).warnings).toEqual([]);
  });

  it('says an unknown backend key still reaches the backend', () => {
    const result = checkKeys({ agent: { id: 'a', backend: { type: 'openai', temprature: 1 } } });
    expect(result.warnings[0]?.message).toBe(
      'not a key MassGen knows (did you mean "temperature"?); it is passed to the backend as written, which may reject it',
    );
  });

  it('warns about an unsupported upstream feature that is switched on, naming the feature', () => {
    const result = checkKeys({
      agents: [{ id: 'a', backend: { type: 'claude_code', enable_web_search: true } }],
      orchestrator: { coordination: { enable_subagents: true, async_subagents: true } },
      memory: { enabled: true },
    });
    expect(result.warnings.map((warning) => [warning.code, warning.message])).toEqual([
      [
        'unsupported-feature',
        'not offered by this provider: claude_code has no web search of its own (offered by openai, claude, gemini, grok, openrouter); this setting has no effect',
      ],
      ['unsupported-feature', 'MassGen-TS does not support subagents; this setting has no effect'],
      ['unsupported-feature', 'MassGen-TS does not support subagents; this setting has no effect'],
      [
        'unsupported-feature',
        'MassGen-TS does not support memory (conversation, persistent and compression settings); this setting has no effect',
      ],
    ]);
  });

  it("takes a key the block's own backend reads as its option, though other backends do not support it", () => {
    const agent = (type: string) => ({ id: 'a', backend: { type, enable_web_search: true } });
    expect(checkKeys({ agents: [agent('openrouter'), agent('chatcompletion')] }).warnings).toEqual([]);
    expect(checkKeys({ agents: [agent('claude_code')] }).warnings.map((warning) => warning.code)).toEqual([
      'unsupported-feature',
    ]);
  });

  it("names the providers that offer a provider's own tool, and each of them reads the key as its option", () => {
    for (const key of ['enable_web_search', 'enable_code_execution', 'enable_code_interpreter']) {
      const rule = backendKeyRule('local', key);
      expect(rule).toMatchObject({ kind: 'unsupported' });
      const offeredBy = rule?.kind === 'unsupported' ? (rule.offeredBy ?? []) : [];
      expect(offeredBy.length).toBeGreaterThan(0);
      for (const type of offeredBy) expect(backendKeyRule(type, key)).toEqual({ kind: 'option' });
      const [warning] = checkKeys({ agents: [{ id: 'a', backend: { type: 'local', [key]: true } }] }).warnings;
      expect(warning?.message).toMatch(/^not offered by this provider: local has no .* of its own \(offered by /);
    }
  });

  it('says upstream ignores an agent-level append_system_prompt too, and where the text belongs', () => {
    const [warning] = checkKeys({
      agents: [{ id: 'a', append_system_prompt: 'Be brief.', backend: { type: 'claude_code' } }],
    }).warnings;
    expect(warning).toMatchObject({
      code: 'ignored-key',
      message:
        'upstream MassGen does not read this key either, so it is ignored; upstream reads only id, backend, system_message and memory here; put its text in system_message',
    });
  });

  it('does not warn about an unsupported feature that is switched off', () => {
    const result = checkKeys({
      agents: [{ id: 'a', backend: { type: 'gemini', enable_web_search: false, custom_tools: [] } }],
      orchestrator: { coordination: { enable_memory_filesystem_mode: false } },
      memory: { enabled: false, persistent_memory: { enabled: true } },
    });
    expect(result.warnings).toEqual([]);
  });

  it('matches families of keys by prefix', () => {
    const result = checkKeys({
      agents: [
        { id: 'a', backend: { type: 'openai', command_line_docker_volumes: ['/data'], command_line_shell: 'bash' } },
      ],
      orchestrator: { coordination: { subagent_default_timeout: 300 } },
    });
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      'MassGen-TS does not support this Docker setting for command execution; this setting has no effect',
      'MassGen-TS does not support command execution settings; this setting has no effect',
      'MassGen-TS does not support subagents; this setting has no effect',
    ]);
  });

  it('warns about keys upstream ignores too, with what to write instead', () => {
    const result = checkKeys({ ui: { type: 'rich_terminal' }, timeout: { orchestrator_timeout_seconds: 60 } });
    expect(result.warnings).toEqual([
      {
        code: 'ignored-key',
        segments: ['ui', 'type'],
        message: 'upstream MassGen does not read this key either, so it is ignored; use ui.display_type',
      },
      {
        code: 'ignored-key',
        segments: ['timeout'],
        message:
          'upstream MassGen does not read this key either, so it is ignored; use timeout_settings.orchestrator_timeout_seconds',
      },
    ]);
  });

  it('rejects MassGen v1 keys with the replacement', () => {
    const result = checkKeys({ models: ['gpt-4o'], num_agents: 3, max_rounds: 5, consensus_threshold: 0.5 });
    expect(result.issues).toEqual([
      {
        segments: ['models'],
        message:
          'a MassGen v1 key, which this version does not read; list the agents under `agents:`, each with its own `backend`',
      },
      {
        segments: ['num_agents'],
        message: 'a MassGen v1 key, which this version does not read; list one entry per agent under `agents:`',
      },
      {
        segments: ['max_rounds'],
        message: 'a MassGen v1 key, which this version does not read; use orchestrator.max_rounds',
      },
      {
        segments: ['consensus_threshold'],
        message: 'a MassGen v1 key, which this version does not read; use orchestrator.convergence_threshold',
      },
    ]);
  });

  it('checks MCP servers in both the list and the map form', () => {
    const result = checkKeys({
      agents: [
        {
          id: 'a',
          backend: {
            type: 'openai',
            mcp_servers: [{ name: 'w', type: 'stdio', command: 'x', security: { level: 'high', levle: 'strict' } }],
          },
        },
        { id: 'b', backend: { type: 'openai', mcp_servers: { w: { type: 'stdio', command: 'x', timeout: 5 } } } },
      ],
    });
    expect(result.warnings.map((warning) => warning.segments)).toEqual([
      ['agents', 0, 'backend', 'mcp_servers', 0, 'security', 'levle'],
      ['agents', 1, 'backend', 'mcp_servers', 'w', 'timeout'],
    ]);
  });

  it('leaves values of the wrong shape to schema validation', () => {
    const result = checkKeys({ agents: 'not a list', orchestrator: 5, ui: ['x'] });
    expect(result.warnings).toEqual([]);
    expect(result.issues).toEqual([]);
  });

  it('counts the keys that only one dialect uses', () => {
    expect(
      checkKeys({ orchestrator: { max_rounds: 3, voting_method: 'majority' }, display: { live_timeline: true } })
        .dialectKeys,
    ).toEqual({
      seed: 3,
      upstream: 0,
    });
    expect(
      checkKeys({
        ui: { display_type: 'simple' },
        orchestrator: { context_paths: [{ path: 'x', permission: 'read' }] },
      }).dialectKeys,
    ).toEqual({
      seed: 0,
      upstream: 3,
    });
  });
});

describe('knownKeys', () => {
  it('only refers to sections that exist', () => {
    for (const section of Object.values(knownKeys)) {
      for (const rule of [...Object.values(section.keys), ...(section.prefixes ?? []).map((family) => family.rule)]) {
        if (rule.kind === 'read' && rule.section !== undefined)
          expect(Object.keys(knownKeys)).toContain(rule.section satisfies SectionName);
      }
    }
  });

  it('lists longer prefixes first, so the most specific family wins', () => {
    for (const section of Object.values(knownKeys)) {
      const prefixes = (section.prefixes ?? []).map((family) => family.prefix);
      prefixes.forEach((prefix, index) => {
        for (const later of prefixes.slice(index + 1)) expect(later.startsWith(prefix)).toBe(false);
      });
    }
  });
});
