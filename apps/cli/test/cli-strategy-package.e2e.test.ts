import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { useProjectWithPackage } from './project-with-package.js';

/**
 * A strategy package from outside the @massgen scope, installed in the user's project as a user
 * would install it (`node_modules/massgen-strategy-fixture`, its built output), named in the
 * configuration as `strategy: fixture`, with keys of its own under `orchestrator`: the built CLI
 * checks them with the package's schema and hands them to it; MassGen knows nothing of them.
 */
const setup = useProjectWithPackage('cli-strategy', 'massgen-strategy-fixture');

/**
 * Two agents and an orchestrator block of `lines` (the orchestrator keys start on line 15, after
 * the agents' own `keys`, which the planner writes from line 3).
 */
function team(lines: string[], keys: { planner?: string[]; critic?: string[] } = {}): string {
  const file = path.join(setup.directory, 'team.yaml');
  const agent = (id: 'planner' | 'critic') => [
    `  - id: ${id}`,
    ...(keys[id] ?? []).map((line) => `    ${line}`),
    '    backend:',
    '      type: chatcompletion',
    '      model: gpt-5-nano',
    `      base_url: ${JSON.stringify(setup.server.url)}`,
    '      api_key: test-key',
  ];
  writeFileSync(file, ['agents:', ...agent('planner'), ...agent('critic'), 'orchestrator:', ...lines, ''].join('\n'));
  return file;
}

/** `--validate` and the run both refuse `file`, naming each of `issues`. */
async function expectRefused(file: string, issues: string[]): Promise<void> {
  const validated = await runCli(['--validate', file], { cwd: setup.directory });
  expect(validated.code).toBe(1);
  const run = await runCli(['--no-display', '--config', file, 'Say hello'], { cwd: setup.directory });
  expect(run.code).not.toBe(0);
  for (const issue of issues) {
    expect(validated.stdout).toContain(issue);
    expect(run.stderr).toContain(issue);
  }
}

/** `--validate` and the run both warn each of `warnings` about `file` and go on; the run's answer. */
async function expectWarned(file: string, warnings: string[]): Promise<string> {
  const validated = await runCli(['--validate', file], { cwd: setup.directory });
  expect(validated.code).toBe(0);
  const run = await runCli(['--no-display', '--config', file, 'Say hello'], { cwd: setup.directory });
  expect(run.code).toBe(0);
  for (const warning of warnings) {
    expect(validated.stdout).toContain(warning);
    expect(run.stderr).toContain(warning);
  }
  return run.stdout;
}

describe('massgen with a third-party strategy package', () => {
  it('loads massgen-strategy-fixture by the name "fixture" and hands it its own keys', async () => {
    const file = team(['  strategy: fixture', '  fixture_greeting: Hello', '  fixture_repeat: 2']);
    const result = await runCli(['--no-display', '--config', file, 'Say hello'], { cwd: setup.directory });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Hello Hello, planner and critic.');
    expect(result.stderr).not.toMatch(/not a setting|not a key/);
    expect(setup.server.requests).toEqual([]);
  });

  it('--validate and the run check its keys with its own schema, naming key paths and lines', async () => {
    const file = team(['  strategy: fixture', '  fixture_greeting: ""', '  fixture_repeat: 0']);
    await expectRefused(file, [
      'orchestrator.fixture_greeting (line 16): expected a greeting (text), got ""',
      'orchestrator.fixture_repeat (line 17): expected a whole number of at least 1, got 0',
    ]);
  });

  it("warns about a key of another strategy: the vote's topology under the fixture, the fixture's under the vote", async () => {
    const underFixture = team(['  strategy: fixture', '  fixture_greeting: Hi', '  topology: ring']);
    // The run goes on without the key.
    expect(
      await expectWarned(underFixture, [
        'orchestrator.topology is not a setting of MassGen or of the fixture strategy; it is ignored.',
      ]),
    ).toContain('Hi, planner and critic.');
    const underVote = await runCli(['--validate', team(['  fixture_greeting: Hi'])], { cwd: setup.directory });
    expect(underVote.code).toBe(0);
    expect(underVote.stdout).toContain(
      'orchestrator.fixture_greeting is not a setting of MassGen or of the vote strategy; it is ignored.',
    );
  });

  it("hands an agent's own keys to it, checked by its agent schema at their key paths and lines", async () => {
    const titled = team(['  strategy: fixture', '  fixture_greeting: Hello'], { critic: ['fixture_title: Dr'] });
    const run = await runCli(['--no-display', '--config', titled, 'Say hello'], { cwd: setup.directory });
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Hello, planner and Dr critic.');
    expect(run.stderr).not.toMatch(/not a setting|not a key/);
    await expectRefused(
      team(['  strategy: fixture', '  fixture_greeting: Hello'], { planner: ['fixture_title: ""'] }),
      ['agents[0].fixture_title (agent "planner", line 3): expected a title (text), got ""'],
    );
  });

  it("warns about an agent key no strategy reads: the vote's under the fixture, the fixture's under the vote", async () => {
    const underFixture = team(['  strategy: fixture', '  fixture_greeting: Hi'], {
      planner: ['voting_sensitivity: strict', 'system_mesage: Be brief.'],
    });
    expect(
      await expectWarned(underFixture, [
        'agents[0].voting_sensitivity is not a setting of MassGen or of the fixture strategy; it is ignored.',
        'agents[0].system_mesage is not a setting of MassGen or of the fixture strategy (did you mean "system_message"?); it is ignored.',
      ]),
    ).toContain('Hi, planner and critic.');
    const underVote = await runCli(['--validate', team(['  max_rounds: 2'], { critic: ['fixture_title: Dr'] })], {
      cwd: setup.directory,
    });
    expect(underVote.code).toBe(0);
    expect(underVote.stdout).toContain(
      'agents[1].fixture_title is not a setting of MassGen or of the vote strategy; it is ignored.',
    );
  });
});
