import { describe, expect, it } from 'vitest';
import { parseFailure } from './config-test-support.js';

const agentLines = ['agents:', '  - id: a', '    backend:', '      type: openai', '      model: gpt-5'];

describe('parseConfig rejects', () => {
  it('an empty file', () => {
    for (const text of ['', '# just a comment\n']) {
      expect(parseFailure(text).issues).toEqual([
        {
          path: '',
          message: 'the file is empty; expected a mapping with "agents:" (a list of agents) or "agent:" (one agent)',
        },
      ]);
    }
  });

  it('a file that is not a mapping', () => {
    expect(parseFailure('- a\n- b\n').issues[0]?.message).toBe(
      'the file holds a list; expected a mapping with "agents:" (a list of agents) or "agent:" (one agent)',
    );
    expect(parseFailure('hello\n').issues[0]?.message).toBe(
      'the file holds a single value ("hello"); expected a mapping with "agents:" (a list of agents) or "agent:" (one agent)',
    );
  });

  it('a file with neither agent nor agents, naming what it found', () => {
    expect(parseFailure(['orchestrator:', '  max_rounds: 3']).issues).toEqual([
      {
        path: '',
        message:
          'no agents (found "orchestrator"); expected "agents:" with a list of agents, or "agent:" with one agent',
      },
    ]);
  });

  it('a file with both agent and agents', () => {
    const error = parseFailure([...agentLines, 'agent:', '  id: b', '  backend: {type: openai}']);
    expect(error.issues).toEqual([
      {
        path: 'agent',
        line: 6,
        message:
          'both "agent" and "agents" are present; expected one of them: "agents" for a list, "agent" for a single agent',
      },
    ]);
  });

  it('an empty list of agents', () => {
    expect(parseFailure('agents: []\n').issues).toEqual([
      { path: 'agents', line: 1, message: 'the list is empty; expected at least one agent' },
    ]);
  });

  it('duplicate agent ids, pointing at the second', () => {
    const error = parseFailure([...agentLines, '  - id: a', '    backend: {type: claude}']);
    expect(error.issues).toEqual([
      {
        path: 'agents[1].id',
        line: 6,
        items: ['agent "a"'],
        message: 'duplicate agent id "a" (also at agents[0].id); expected unique ids',
      },
    ]);
  });

  it('a backend without a type, suggesting one from the model', () => {
    const error = parseFailure(['agents:', '  - id: a', '    backend:', '      model: claude-sonnet-4-6']);
    expect(error.issues).toEqual([
      {
        path: 'agents[0].backend.type',
        items: ['agent "a"'],
        line: 3,
        message:
          'missing; expected a backend type such as "openai" or "claude_code" (the model "claude-sonnet-4-6" suggests "claude")',
      },
    ]);
  });

  it('missing id and backend', () => {
    const error = parseFailure(['agents:', '  - system_message: hi']);
    expect(error.issues).toEqual([
      { path: 'agents[0].id', line: 2, message: 'missing; expected a non-empty agent id' },
      { path: 'agents[0].backend', line: 2, message: 'missing; expected a mapping' },
    ]);
  });

  it('values of the wrong type, saying what was expected and what was found', () => {
    const error = parseFailure([
      'agents:',
      '  - id: 7',
      '    backend:',
      '      type: openai',
      '      temperature: hot',
      '    system_message: [a, b]',
      'orchestrator:',
      '  coordinate_single_agent: "yes"',
    ]);
    expect(error.issues).toEqual([
      { path: 'agents[0].id', line: 2, message: 'expected a non-empty agent id, got 7' },
      { path: 'agents[0].backend.temperature', line: 5, message: 'expected a number between 0 and 2, got "hot"' },
      { path: 'agents[0].system_message', line: 6, message: 'expected text, got a list' },
      { path: 'orchestrator.coordinate_single_agent', line: 8, message: 'expected true or false, got "yes"' },
    ]);
  });

  it('agents written as a mapping instead of a list', () => {
    expect(parseFailure(['agents:', '  a:', '    backend: {type: openai}']).issues).toEqual([
      { path: 'agents', line: 1, message: 'expected a list, got a mapping' },
    ]);
  });

  it('out-of-range numbers', () => {
    const error = parseFailure([
      'agents:',
      '  - id: a',
      '    backend: {type: openai, temperature: 2.5, top_p: -0.1, max_tokens: 0}',
      'orchestrator:',
      '  max_rounds: 2.5',
      '  max_turn_attempts: -1',
    ]);
    expect(error.issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'agents[0].backend.temperature: expected a number between 0 and 2, got 2.5',
      'agents[0].backend.top_p: expected a number between 0 and 1, got -0.1',
      'agents[0].backend.max_tokens: expected a whole number of at least 1, got 0',
      'orchestrator.max_rounds: expected a whole number of at least 1, got 2.5',
      'orchestrator.max_turn_attempts: expected a whole number of at least 1, got -1',
    ]);
  });

  it('an unknown workflow, listing the known ones', () => {
    const error = parseFailure([...agentLines, 'orchestrator:', '  workflow: ranked_choice']);
    expect(error.issues).toEqual([
      {
        path: 'orchestrator.workflow',
        line: 7,
        message: 'expected one of "parallel", "sequential", got "ranked_choice"',
      },
    ]);
    expect(error.message).toBe(
      'Invalid configuration in team.yaml: orchestrator.workflow (line 7): expected one of "parallel", "sequential", got "ranked_choice"',
    );
  });

  it('MassGen v1 keys', () => {
    const error = parseFailure(['num_agents: 3', ...agentLines]);
    expect(error.issues).toEqual([
      {
        path: 'num_agents',
        line: 1,
        message: 'a MassGen v1 key, which this version does not read; list one entry per agent under `agents:`',
      },
    ]);
  });

  it('every problem at once, in file order', () => {
    const error = parseFailure([
      'orchestrator:',
      '  workflow: pipeline',
      'agents:',
      '  - id: a',
      '    backend: {type: OpenAI}',
      '  - id: a',
      '    backend: {}',
    ]);
    expect(error.issues.map((issue) => [issue.line, issue.path])).toEqual([
      [2, 'orchestrator.workflow'],
      [5, 'agents[0].backend.type'],
      [6, 'agents[1].id'],
      [7, 'agents[1].backend.type'],
    ]);
    expect(error.message.split('\n')[0]).toBe('Invalid configuration in team.yaml:');
  });

  it('an agent id that could escape a directory', () => {
    const error = parseFailure(['agent:', '  id: ../escape', '  backend: {type: openai}']);
    expect(error.issues[0]).toMatchObject({
      path: 'agent.id',
      message: expect.stringMatching(/^expected an agent id without "\/"/),
    });
  });

  it('a workspace given both beside and inside the backend, differently', () => {
    const error = parseFailure(['agent:', '  id: a', '  cwd: ./one', '  backend: {type: claude_code, cwd: ./two}']);
    expect(error.issues).toEqual([
      {
        path: 'agent.cwd',
        line: 3,
        message: 'differs from backend.cwd ("./two"); expected it in one place (backend.cwd)',
      },
    ]);
  });

  it('without echoing values that came from the environment or sit under env and headers', () => {
    const error = parseFailure([...agentLines, '      temperature: ${TEMPERATURE}'], {
      TEMPERATURE: 'sk-secret-temperature',
    });
    expect(error.issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'agents[0].backend.temperature: expected a number between 0 and 2, got text',
    ]);
    expect(error.message).not.toContain('sk-secret');
  });
});
