import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import type { FakeChatRequest, FakeReply, FakeResponder } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { readRunEvents } from './run-record-events.js';
import { useProjectWithPackage } from './project-with-package.js';

/**
 * A tool package from outside the @massgen scope, installed in the user's project as a user
 * would install it (`node_modules/massgen-tools-fixture`, its built output), and named in the
 * configuration only as `fixture`: the built CLI finds it, checks its settings with its
 * schemas, offers its tool, and the tool's result reaches the model.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const setup = useProjectWithPackage('cli-tools', 'massgen-tools-fixture');

function team(units: string, station: string): string {
  const file = path.join(setup.directory, 'team.yaml');
  writeFileSync(
    file,
    `tools:
  fixture:
    units: ${units}
agents:
  - id: planner
    backend:
      type: chatcompletion
      model: gpt-5-nano
      base_url: ${JSON.stringify(setup.server.url)}
      api_key: test-key
      tools:
        fixture: { station: ${station} }
`,
  );
  return file;
}

/** Calls `forecast` when it is offered and no result is in the conversation yet, then answers quoting it. */
function forecastingModel(): FakeResponder {
  const teamResponder = createTeamResponder();
  const offered = (request: FakeChatRequest, name: string): boolean =>
    request.tools.some((tool) => tool.function.name === name);
  return (request, context): FakeReply | Promise<FakeReply> => {
    const toolMessage = request.messages.find((message) => message.role === 'tool');
    if (toolMessage === undefined && offered(request, 'forecast'))
      return { type: 'tool-calls', calls: [{ name: 'forecast', arguments: { city: 'Oslo' } }] };
    if (toolMessage !== undefined && offered(request, 'new_answer'))
      return {
        type: 'tool-calls',
        calls: [{ name: 'new_answer', arguments: { content: `Tomorrow: ${String(toolMessage.content)}` } }],
      };
    return teamResponder(request, context);
  };
}

/** The published packages' built files and runtime dependencies: what a user installs. */
function shippedFiles(): Array<{ file: string; text: string }> {
  const packageDirectories = ['packages', 'apps'].flatMap((parent) =>
    readdirSync(path.join(repositoryRoot, parent)).map((name) => path.join(repositoryRoot, parent, name)),
  );
  return packageDirectories.flatMap((directory) => {
    const manifest = JSON.parse(readFileSync(path.join(directory, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    const dependencies = {
      file: path.join(directory, 'package.json'),
      text: JSON.stringify([manifest.dependencies, manifest.peerDependencies, manifest.optionalDependencies]),
    };
    const dist = path.join(directory, 'dist');
    const built = existsSync(dist)
      ? readdirSync(dist, { recursive: true, encoding: 'utf8' })
          .filter((file) => /\.(js|cjs|mjs)$/.test(file))
          .map((file) => ({ file: path.join(dist, file), text: readFileSync(path.join(dist, file), 'utf8') }))
      : [];
    return [dependencies, ...built];
  });
}

describe('massgen with a third-party tool package', () => {
  it('needs no change to MassGen: no shipped package or built file names the fixture or its tool', () => {
    const files = shippedFiles();
    expect(files.some(({ file }) => file.includes(path.join('apps', 'cli', 'dist')))).toBe(true);
    const naming = files.filter(({ text }) => /tools-fixture|forecast/.test(text)).map(({ file }) => file);
    expect(naming).toEqual([]);
  });

  it('loads massgen-tools-fixture by the name "fixture", runs its tool, and the result reaches the model', async () => {
    setup.server.setResponder(forecastingModel());
    const result = await runCli(['--no-display', '--config', team('imperial', 'North'), 'Weather in Oslo?'], {
      cwd: setup.directory,
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);

    const [first] = setup.server.requests;
    const forecast = first?.tools.find((tool) => tool.function.name === 'forecast');
    expect(forecast?.function.description).toBe("Tomorrow's weather for a city, from the North station.");
    expect(forecast?.function.parameters).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 } },
      required: ['city'],
      additionalProperties: false,
    });
    const toolResult = readRunEvents(setup.directory).find((event) => event.type === 'tool-result');
    expect(toolResult).toMatchObject({
      name: 'forecast',
      output: 'North station: Oslo will be sunny, 70 °F (answers so far: 0).',
      isError: false,
    });
    const toolMessages = setup.server.requests.flatMap((request) =>
      request.messages.filter((message) => message.role === 'tool').map((message) => String(message.content)),
    );
    expect(toolMessages).toContain('North station: Oslo will be sunny, 70 °F (answers so far: 0).');
  });

  it('--validate checks its settings with its own schemas, naming key paths and lines', async () => {
    const result = await runCli(['--validate', team('kelvin', '""')], { cwd: setup.directory });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('tools.fixture.units (line 3): expected "metric" or "imperial", got "kelvin"');
    expect(result.stdout).toContain(
      'agents[0].backend.tools.fixture.station (agent "planner", line 12): expected the name of a weather station, got ""',
    );
    expect(setup.server.requests).toEqual([]);
  });

  it('says which package to install when it is not installed', async () => {
    rmSync(path.join(setup.directory, 'node_modules'), { recursive: true });
    const result = await runCli(['--no-display', '--config', team('metric', 'North'), 'Weather?'], {
      cwd: setup.directory,
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      'No package found for tool package "fixture" (named by tools.fixture): looked for "@massgen/tools-fixture", "massgen-tools-fixture"',
    );
    expect(setup.server.requests).toEqual([]);
  });
});
