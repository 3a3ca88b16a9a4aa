import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { toolResults, toolScriptResponder } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const setup = useFakeServerDirectory('cli-skills', { server: () => ({ apiKey: 'test-key' }) });
beforeEach(() => {
  const skill = path.join(setup.directory, '.agent', 'skills', 'release-notes');
  mkdirSync(path.join(skill, 'templates'), { recursive: true });
  writeFileSync(
    path.join(skill, 'SKILL.md'),
    '---\nname: release-notes\ndescription: Write release notes from a list of merged changes.\n---\n# Release notes\nGroup the changes by package; use templates/notes.md.\n',
  );
  writeFileSync(path.join(skill, 'templates', 'notes.md'), '## {package}\n- {change}\n');
  writeFileSync(path.join(setup.directory, 'outside.txt'), 'not for agents');
});

/** Upstream's way of turning skills on: `orchestrator.coordination.use_skills`. */
function upstreamTeam(coordination: string): string {
  const file = path.join(setup.directory, 'skills.yaml');
  writeFileSync(
    file,
    `agents:
  - id: writer
    backend:
      type: chatcompletion
      model: gpt-5-nano
      base_url: ${JSON.stringify(setup.server.url)}
      api_key: test-key
orchestrator:
  coordination:
${coordination}
`,
  );
  return file;
}

describe('skills', () => {
  it("offers upstream's use_skills skills by name, and an agent loads one and reads its file", async () => {
    setup.server.setResponder(
      toolScriptResponder([
        { name: 'load_skill', arguments: { name: 'release-notes' } },
        { name: 'read_skill_file', arguments: { name: 'release-notes', path: 'templates/notes.md' } },
        { name: 'read_skill_file', arguments: { name: 'release-notes', path: '../../../outside.txt' } },
      ]),
    );
    const file = upstreamTeam('    use_skills: true\n    skills_directory: .agent/skills');
    const result = await runCli(['--no-display', '--config', file, 'Write the release notes.'], {
      cwd: setup.directory,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/does not support skills|use_skills|skills_directory/);

    const load = setup.server.requests[0]?.tools.find((tool) => tool.function.name === 'load_skill');
    expect(load?.function.description).toContain('- release-notes: Write release notes from a list of merged changes.');
    const [instructions, template, escape] = toolResults(setup.server.requests);
    expect(instructions).toContain('Group the changes by package; use templates/notes.md.');
    expect(instructions).toContain(`- ${path.join('templates', 'notes.md')}`);
    expect(template).toBe('## {package}\n- {change}\n');
    expect(escape).toContain('is not a file of the skill release-notes');
    expect(escape).not.toContain('not for agents');
  });

  it('says in --validate which skills agents get, and warns in a run when the directory has none', async () => {
    const found = await runCli(['--validate', upstreamTeam('    use_skills: true')], { cwd: setup.directory });
    expect(found.code, found.stderr).toBe(0);
    expect(`${found.stdout}${found.stderr}`).toContain('skills: release-notes (from');

    setup.server.setResponder(toolScriptResponder([]));
    const file = upstreamTeam('    use_skills: true\n    skills_directory: no-such-dir');
    const run = await runCli(['--no-display', '--config', file, 'Hi'], { cwd: setup.directory });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `warning: Skills are on, but no skill folder (a folder with a SKILL.md) was found in ${path.join(setup.directory, 'no-such-dir')}`,
    );
    expect(setup.server.requests[0]?.tools.map((tool) => tool.function.name)).not.toContain('load_skill');
  });

  it('offers no skill tools when use_skills is false', async () => {
    setup.server.setResponder(toolScriptResponder([]));
    const run = await runCli(['--no-display', '--config', upstreamTeam('    use_skills: false'), 'Hi'], {
      cwd: setup.directory,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(setup.server.requests[0]?.tools.map((tool) => tool.function.name)).not.toContain('load_skill');
  });
});
