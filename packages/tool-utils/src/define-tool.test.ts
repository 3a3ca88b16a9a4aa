import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { ToolContext } from '@massgen/core';
import { defineTool } from './define-tool.js';

const context: ToolContext = { agentId: 'agent1', signal: new AbortController().signal };

const readLines = defineTool({
  name: 'read_lines',
  description: 'Read lines of a file.',
  inputSchema: z.strictObject({
    path: z.string().describe('The file to read.'),
    start_line: z.int().min(1).default(1).describe('First line to return.'),
    tags: z.array(z.string()).optional(),
  }),
  execute: (input) =>
    `${input.path} from ${input.start_line}${input.tags === undefined ? '' : ` [${input.tags.join()}]`}`,
});

describe('defineTool', () => {
  it('offers the model the JSON Schema of the one schema, without a $schema marker', () => {
    expect(readLines.name).toBe('read_lines');
    expect(readLines.inputSchema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file to read.' },
        start_line: {
          type: 'integer',
          minimum: 1,
          maximum: Number.MAX_SAFE_INTEGER,
          default: 1,
          description: 'First line to return.',
        },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['path'],
      additionalProperties: false,
    });
  });

  it('hands execute the checked input, defaults applied, and wraps a returned string as the result', async () => {
    expect(await readLines.execute({ path: 'notes.md' }, context)).toEqual({ content: 'notes.md from 1' });
    expect(await readLines.execute({ path: 'a', start_line: 4, tags: ['x', 'y'] }, context)).toEqual({
      content: 'a from 4 [x,y]',
    });
  });

  it('answers input that fails the schema with an error result naming each problem, without executing', async () => {
    let executed = false;
    const tool = defineTool({
      name: 'edit',
      description: 'Edit files.',
      inputSchema: z.object({ edits: z.array(z.object({ path: z.string(), text: z.string() })) }),
      execute: () => {
        executed = true;
        return 'done';
      },
    });
    const result = await tool.execute({ edits: [{ path: 'a', text: 'b' }, { path: 7 }] }, context);
    expect(executed).toBe(false);
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      'Invalid arguments for edit: edits[1].path: Invalid input: expected string, received number; ' +
        'edits[1].text: Invalid input: expected string, received undefined.',
    );
    expect(await readLines.execute({ path: 'a', extra: true }, context)).toEqual({
      content: 'Invalid arguments for read_lines: Unrecognized key: "extra".',
      isError: true,
    });
    expect((await readLines.execute('a string', context)).content).toBe(
      'Invalid arguments for read_lines: Invalid input: expected object, received string.',
    );
  });

  it('returns a ToolResult from execute unchanged, and lets execute see the call context', async () => {
    const tool = defineTool({
      name: 'who',
      description: 'Who calls.',
      inputSchema: z.object({}),
      execute: (_input, call) => ({ content: call.agentId, isError: call.signal.aborted }),
    });
    expect(await tool.execute({}, context)).toEqual({ content: 'agent1', isError: false });
  });

  it('checks the input of a tool that someone else acts on (a workflow tool) with parseInput', () => {
    const vote = defineTool({
      name: 'vote',
      description: 'Vote.',
      inputSchema: z.object({
        agent_id: z.enum(['agent1', 'agent2']),
        confidence: z.number().min(0).max(1).optional(),
      }),
    });
    expect('execute' in vote).toBe(false);
    expect(vote.parseInput({ agent_id: 'agent2', confidence: 0.5 })).toEqual({
      success: true,
      value: { agent_id: 'agent2', confidence: 0.5 },
    });
    expect(vote.parseInput({ agent_id: 'agent9' })).toEqual({
      success: false,
      problem: 'Invalid arguments for vote: agent_id: Invalid option: expected one of "agent1"|"agent2".',
    });
  });

  it('awaits an asynchronous check when executing, and refuses to check it synchronously', async () => {
    const tool = defineTool({
      name: 'slow_check',
      description: 'Checks asynchronously.',
      inputSchema: z.object({ id: z.string().refine(async (id) => Promise.resolve(id !== 'taken'), 'is taken') }),
      execute: (input) => `ok ${input.id}`,
    });
    expect(await tool.execute({ id: 'free' }, context)).toEqual({ content: 'ok free' });
    expect(await tool.execute({ id: 'taken' }, context)).toEqual({
      content: 'Invalid arguments for slow_check: id: is taken.',
      isError: true,
    });
    expect(() => tool.parseInput({ id: 'free' })).toThrow(/asynchronous input schema/);
  });

  it('types execute input from the schema output', () => {
    defineTool({
      name: 'typed',
      description: 'Typed.',
      inputSchema: z.object({ count: z.number().default(3), label: z.string().optional() }),
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ count: number; label?: string | undefined }>();
        return String(input.count);
      },
    });
  });

  it('marks a tool read-only only when its specification says so', () => {
    const schema = z.strictObject({});
    expect(
      defineTool({ name: 'look', description: 'd', inputSchema: schema, readOnly: true, execute: () => '' }).readOnly,
    ).toBe(true);
    expect(
      defineTool({ name: 'act', description: 'd', inputSchema: schema, execute: () => '' }).readOnly,
    ).toBeUndefined();
  });

  it('rejects at definition what no provider would accept', () => {
    const schema = z.object({});
    expect(() => defineTool({ name: 'has space', description: 'x', inputSchema: schema })).toThrow(
      /Tool name "has space" is not one every provider accepts/,
    );
    expect(() => defineTool({ name: 'x'.repeat(65), description: 'x', inputSchema: schema })).toThrow(TypeError);
    expect(() => defineTool({ name: 'scalar', description: 'x', inputSchema: z.string() })).toThrow(
      'Tool scalar: its inputSchema must describe an object (such as z.object({...})).',
    );
    const validateOnly = { '~standard': { version: 1, vendor: 'other', validate: (value: unknown) => ({ value }) } };
    expect(() =>
      defineTool({ name: 'plain', description: 'x', inputSchema: validateOnly as unknown as typeof schema }),
    ).toThrow(/cannot describe itself as JSON Schema/);
  });
});
