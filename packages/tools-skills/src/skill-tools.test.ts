import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tool } from '@massgen/core';
import { findSkills } from './skill-catalog.js';
import { skillFileLimitBytes, skillTools } from './skill-tools.js';

let root: string;
let tools: Map<string, Tool>;
const context = { agentId: 'alpha', signal: new AbortController().signal };

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'massgen-skill-tools-'));
  const skills = path.join(root, 'skills');
  mkdirSync(path.join(skills, 'charts', 'scripts'), { recursive: true });
  writeFileSync(
    path.join(skills, 'charts', 'SKILL.md'),
    '---\nname: charts\ndescription: Draw charts\n  from CSV files.\n---\nRun scripts/plot.py.',
  );
  writeFileSync(path.join(skills, 'charts', 'scripts', 'plot.py'), 'print("plot")\n');
  writeFileSync(path.join(skills, 'charts', 'big.txt'), 'x'.repeat(skillFileLimitBytes + 10));
  writeFileSync(path.join(skills, 'charts', 'image.bin'), Buffer.from([1, 0, 2]));
  mkdirSync(path.join(skills, 'charts-evil'));
  writeFileSync(path.join(skills, 'charts-evil', 'secret.txt'), 'sibling secret');
  writeFileSync(path.join(root, 'secret.txt'), 'outside secret');
  symlinkSync(path.join(root, 'secret.txt'), path.join(skills, 'charts', 'link.txt'));
  const catalog = await findSkills([skills]);
  tools = new Map(skillTools(catalog.skills).map((tool) => [tool.name, tool]));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function call(name: string, input: unknown) {
  const tool = tools.get(name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  return tool.execute(input, context);
}

describe('skill tools', () => {
  it('names every skill and its description in load_skill, and offers only those names', () => {
    const load = tools.get('load_skill');
    expect(load?.description).toContain('- charts: Draw charts from CSV files.');
    expect(JSON.stringify(load?.inputSchema)).toContain('"enum":["charts"]');
  });

  it('loads a skill: its instructions and its other files', async () => {
    const result = await call('load_skill', { name: 'charts' });
    expect(result.isError).toBeUndefined();
    expect(result.content).toContain('# Skill: charts\n\nRun scripts/plot.py.');
    expect(result.content).toContain(`- ${path.join('scripts', 'plot.py')}`);
    expect(result.content).not.toContain('- SKILL.md');
  });

  it('refuses a skill that is not in the list', async () => {
    const result = await call('load_skill', { name: 'nope' });
    expect(result.isError).toBe(true);
  });

  it("reads a skill's file, and caps a large one", async () => {
    expect((await call('read_skill_file', { name: 'charts', path: 'scripts/plot.py' })).content).toBe(
      'print("plot")\n',
    );
    const big = await call('read_skill_file', { name: 'charts', path: 'big.txt' });
    expect(big.content).toContain(`only the first ${skillFileLimitBytes} are shown`);
    expect((await call('read_skill_file', { name: 'charts', path: 'image.bin' })).isError).toBe(true);
  });

  it('never reads outside the skill: .., a sibling folder with the same prefix, an absolute path, a link', async () => {
    for (const escape of [
      '../../secret.txt',
      '../charts-evil/secret.txt',
      path.join(root, 'secret.txt'),
      'link.txt',
      '.',
    ]) {
      const result = await call('read_skill_file', { name: 'charts', path: escape });
      expect(result.isError, escape).toBe(true);
      expect(result.content, escape).not.toMatch(/outside secret|sibling secret/);
    }
  });
});
