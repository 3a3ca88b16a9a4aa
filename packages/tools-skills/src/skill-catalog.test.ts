import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findSkills, readSkill } from './skill-catalog.js';

let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'massgen-skills-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function writeSkill(directory: string, folder: string, text: string): void {
  mkdirSync(path.join(directory, folder), { recursive: true });
  writeFileSync(path.join(directory, folder, 'SKILL.md'), text);
}

describe('readSkill', () => {
  it('reads the name and description from the front matter and keeps the rest as instructions', () => {
    const skill = readSkill(
      '/skills/pdf',
      '\uFEFF---\nname: pdf\ndescription: >\n  Fill PDF forms.\nlicense: MIT\n---\n\n# PDF\nUse pdftk.\n',
    );
    expect(skill).toEqual({
      name: 'pdf',
      description: 'Fill PDF forms.',
      directory: '/skills/pdf',
      instructions: '# PDF\nUse pdftk.',
    });
  });

  it('says what is wrong with a file that is not a skill', () => {
    expect(readSkill('/s', '# No front matter')).toMatch(/expected front matter/);
    expect(readSkill('/s', '---\nname: [unclosed\n---\n')).toMatch(/not valid YAML/);
    expect(readSkill('/s', '---\nname: Bad Name\ndescription: x\n---\n')).toMatch(/expected "name"/);
    expect(readSkill('/s', '---\nname: ok\n---\nbody')).toMatch(/expected "description"/);
  });

  it('does not evaluate a ---js block: it is not front matter', () => {
    expect(readSkill('/s', '---js\n{ name: (() => { throw new Error("ran") })() }\n---\n')).toMatch(
      /expected front matter/,
    );
  });
});

describe('findSkills', () => {
  it('finds skill folders in order, the first directory winning a name, and reports the rest', async () => {
    const project = path.join(root, 'project');
    const shared = path.join(root, 'shared');
    writeSkill(project, 'search', '---\nname: search\ndescription: Project search.\n---\nrg');
    writeSkill(shared, 'search', '---\nname: search\ndescription: Shared search.\n---\ngrep');
    writeSkill(shared, 'charts', '---\nname: charts\ndescription: Draw charts.\n---\nplot');
    writeSkill(shared, 'broken', 'no front matter');
    mkdirSync(path.join(shared, 'notes'));
    writeFileSync(path.join(shared, 'README.md'), 'not a folder');

    const catalog = await findSkills([project, shared, path.join(root, 'absent')]);
    expect(catalog.skills.map((skill) => [skill.name, skill.description])).toEqual([
      ['search', 'Project search.'],
      ['charts', 'Draw charts.'],
    ]);
    expect(catalog.problems).toEqual([
      `${path.join(shared, 'broken', 'SKILL.md')}: expected front matter (a first line "---", name and description, then "---")`,
    ]);
    expect(catalog.missing).toEqual([path.join(root, 'absent')]);
  });
});
