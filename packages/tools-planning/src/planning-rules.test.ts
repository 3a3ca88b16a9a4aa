import { describe, expect, it } from 'vitest';
import type { CoordinationEvent, RunEvent, Tool } from '@massgen/core';
import { PlanningRules } from './planning-rules.js';
import { resolvePlanning } from './planning-settings.js';
import { TaskPlans } from './task-plans.js';

const tool = (name: string, readOnly?: boolean): Tool => ({
  name,
  description: name,
  inputSchema: { type: 'object' },
  ...(readOnly === undefined ? {} : { readOnly }),
  execute: () => Promise.resolve({ content: '' }),
});
let seq = 0;
const stamped = (event: CoordinationEvent): RunEvent => ({ ...event, runId: 'run', seq: seq++, time: 0 });
const start = (strategy: string): RunEvent => stamped({ type: 'run-start', task: 't', strategy, agents: [] });
const alphaWins = (): RunEvent =>
  stamped({ type: 'consensus', winnerAgentId: 'alpha', winnerLabel: 'agent1.1', tally: [], stopReason: 'consensus' });

describe('PlanningRules', () => {
  it('lets read-only tools run at any time, and holds the others until the agent presents', () => {
    const rules = new PlanningRules(resolvePlanning({ enable_planning_mode: true }), new TaskPlans(10));
    rules.observe(start('vote'));
    expect(rules.refusal('alpha', tool('mcp__docs__search', true))).toBeUndefined();
    expect(rules.refusal('alpha', tool('execute_command'))).toMatch(/^execute_command was not run: planning mode/);
    rules.observe(alphaWins());
    expect(rules.refusal('alpha', tool('execute_command'))).toBeUndefined();
    expect(rules.refusal('beta', tool('execute_command'))).toBeDefined();
    // A coordination that starts again (a restart) holds the tools again.
    rules.observe(stamped({ type: 'round', round: 1 }));
    expect(rules.refusal('alpha', tool('execute_command'))).toBeDefined();
  });

  it('holds nothing with a strategy that names no winner, and says so', () => {
    const rules = new PlanningRules(resolvePlanning({ enable_planning_mode: true }), new TaskPlans(10));
    expect(rules.observe(start('sequential'))).toBe(
      'enable_planning_mode has no effect with the sequential strategy: it names no winner to carry the plan out, so tools are not held back.',
    );
    expect(rules.refusal('alpha', tool('write_file'))).toBeUndefined();
  });

  it('under plan_only holds every tool that acts, for every strategy and the presenter', () => {
    const rules = new PlanningRules(resolvePlanning({ plan_only: true }), new TaskPlans(10));
    expect(rules.observe(start('passthrough'))).toBeUndefined();
    rules.observe(alphaWins());
    expect(rules.refusal('alpha', tool('write_file'))).toMatch(/this run only makes a plan/);
    expect(rules.refusal('alpha', tool('read_file', true))).toBeUndefined();
  });
});
