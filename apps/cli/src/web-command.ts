import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { MassGenError, toMassGenError } from '@massgen/core';
import { createWebServer } from '@massgen/server';
import type { WebConfigChoice } from '@massgen/server';
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory } from './cli-package.js';
import { readExampleCatalog } from './example-catalog.js';
import { prepareExample } from './examples-command.js';
import { webAssetsDirectory } from './run-html-export.js';
import { ExitCode } from './exit-codes.js';
import { watchStopSignals } from './serve-command.js';
import { listenError, parsePort, requiredServerApiKey } from './listen-address.js';
import { runProgram, withDebugAndHelp } from './command-program.js';

interface WebOptions {
  config: string[];
  host: string;
  port: number;
  apiKey?: string;
  open?: boolean;
  debug?: boolean;
}

const helpFooter = `
Examples:
  massgen web                              (the teams in this directory and the bundled examples)
  massgen web --config team.yaml --open
  MASSGEN_SERVER_API_KEY=secret massgen web --host 0.0.0.0

The page starts runs with the configurations listed here only (--config files, *.yaml files
of this directory with agents, bundled examples), lists the runs recorded in .massgen/runs,
follows runs started from a terminal and replays finished ones. It loads nothing from outside
this server.`;

/** `massgen web`: the page to start, watch, steer and replay runs, until Ctrl-C. */
export async function webCommand(args: readonly string[], io: CliIo, signal?: AbortSignal): Promise<number> {
  const program = buildProgram(io);
  return runProgram(program, args, io, async (options: WebOptions) => {
    const configs = configChoices(options.config, io);
    const apiKey = requiredServerApiKey(options.host, options.apiKey, io.env);
    const server = createWebServer({
      cwd: io.cwd,
      configs,
      assetsDirectory: webAssetsDirectory(),
      env: io.env,
      pluginSearchPaths: [cliPackageDirectory()],
      ...(apiKey === undefined ? {} : { apiKey }),
      log: (message) => io.stderr.write(`${message}\n`),
    });
    const stopSignals = watchStopSignals(signal);
    const url = await server.listen({ host: options.host, port: options.port }).catch((error: unknown) => {
      stopSignals.dispose();
      throw listenError(error, options);
    });
    io.stderr.write(
      `MassGen web: ${url} (${configs.length} ${configs.length === 1 ? 'configuration' : 'configurations'}; Ctrl-C stops it)\n`,
    );
    if (options.open === true) openBrowser(url, io);
    await stopSignals.stopped;
    io.stderr.write('Stopping: cancelling runs started from the page\n');
    await server.close();
    return ExitCode.success;
  });
}

function buildProgram(io: CliIo): Command {
  return withDebugAndHelp(
    new Command('massgen web')
      .description('Start, watch, steer and replay runs in the browser.')
      .option('-c, --config <file>', 'a configuration to offer (repeatable)', collect, [])
      .option('--host <host>', 'address to bind; anything but loopback needs --api-key', '127.0.0.1')
      .option('--port <port>', 'port to listen on (0 picks a free one)', parsePort, 4100)
      .option('--api-key <key>', 'require this key from the page (default: $MASSGEN_SERVER_API_KEY)')
      .option('--open', 'open the page in the default browser'),
    io,
    helpFooter,
  );
}

/** The given files, then this directory's team files, then the bundled examples. */
function configChoices(given: readonly string[], io: CliIo): WebConfigChoice[] {
  const choices: WebConfigChoice[] = given.map((file, index) => {
    const resolved = path.resolve(io.cwd, file);
    if (!existsSync(resolved))
      throw new MassGenError({ code: 'CONFIG_INVALID', message: `The configuration ${file} does not exist.` });
    return { id: `given-${index}`, label: file, source: 'given', file: () => resolved };
  });
  const givenFiles = new Set(choices.map((choice) => choice.file()));
  for (const name of readdirSync(io.cwd).sort()) {
    const file = path.join(io.cwd, name);
    if (!/\.ya?ml$/i.test(name) || givenFiles.has(file) || !looksLikeTeam(file)) continue;
    choices.push({ id: `directory-${name}`, label: name, source: 'directory', file: () => file });
  }
  try {
    for (const example of readExampleCatalog().examples)
      choices.push({
        id: `example-${example.name}`,
        label: `${example.name}: ${example.summary}`,
        source: 'example',
        question: example.question,
        file: () => prepareExample(example.name, io),
      });
  } catch (error) {
    io.stderr.write(`warning: the bundled examples are not offered: ${toMassGenError(error).message}\n`);
  }
  return choices;
}

/** A YAML file with a top-level `agents:` or `agent:` key: other YAML (CI, compose files) is left out. */
function looksLikeTeam(file: string): boolean {
  try {
    return /^agents?:/m.test(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
}

function openBrowser(url: string, io: CliIo): void {
  const [command, ...commandArgs] =
    process.platform === 'darwin'
      ? ['open', url]
      : process.platform === 'win32'
        ? ['cmd', '/c', 'start', '""', url]
        : ['xdg-open', url];
  const child = spawn(command, commandArgs, { detached: true, stdio: 'ignore' });
  child.on('error', () => io.stderr.write(`Could not open a browser; open ${url} yourself.\n`));
  child.unref();
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
