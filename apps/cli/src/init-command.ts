import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { MassGenError } from '@massgen/core';
import {
  backendCatalog,
  loadConfig,
  loadDotEnv,
  localDefaultTeamSize,
  type BackendCatalogEntry,
} from '@massgen/config';
import { PluginLoader, installedBackendCatalog } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { cliPackageDirectory } from './cli-package.js';
import { ExitCode } from './exit-codes.js';
import { findInitBackend, initBackendChoices } from './init-backend-choices.js';
import type { InitBackendChoice } from './init-backend-choices.js';
import { agentIds, renderInitConfig } from './init-config-text.js';
import type { InitAgent, KeyStatus } from './init-config-text.js';
import { createPrompter } from './init-prompter.js';
import type { Prompter } from './init-prompter.js';
import { configureProgram, reportError } from './command-program.js';

interface InitOptions {
  yes?: boolean;
  backends?: string;
  models?: string;
  output?: string;
  force?: boolean;
}

const helpFooter = (choices: readonly InitBackendChoice[]): string => `
Examples:
  massgen init                                  (asks which backends and models)
  massgen init --yes                            (a team of the providers whose keys you have)
  massgen init --yes --backends openai,claude --output team.yaml
  massgen init --yes --backends local,local           (two agents on the embedded local model, no key)
  massgen init --yes --backends lmstudio --models qwen2.5-7b-instruct

Backend types: ${choices.map((choice) => choice.type).join(', ')}`;

/**
 * `massgen init`: writes a configuration that loads, for the backends and models chosen, and
 * says which API keys are still missing. With `--yes` nothing is asked; flags and defaults
 * decide. Otherwise each question is read from `input` (a terminal, or piped answers).
 */
export async function initCommand(args: readonly string[], io: CliIo, input: NodeJS.ReadableStream): Promise<number> {
  // The first-party backends and any third-party backend package installed here, from their metadata.
  const searchPaths = [io.cwd, cliPackageDirectory()];
  const loader = new PluginLoader({ searchPaths });
  const catalog = [...backendCatalog, ...(await installedBackendCatalog(loader, searchPaths))];
  const choices = initBackendChoices(catalog);
  const program = new Command('massgen init')
    .description('Write a working configuration file for a team of agents.')
    .option('-y, --yes', 'ask nothing: use the flags, and defaults for the rest')
    .option('--backends <types>', 'comma-separated backend types, one agent each (a type may repeat)')
    .option('--models <models>', 'comma-separated models, in the order of --backends')
    .option('-o, --output <file>', 'the file to write (default: massgen.yaml)')
    .option('--force', 'overwrite the file if it exists')
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', helpFooter(choices));
  configureProgram(program, io);
  let prompter: Prompter | undefined;
  try {
    program.parse([...args], { from: 'user' });
    const options = program.opts<InitOptions>();
    const env = { ...loadDotEnv(io.cwd), ...io.env };
    if (options.yes !== true) prompter = createPrompter(input, io.stderr);
    const answers = prompter === undefined ? defaultsOnly : prompter.ask.bind(prompter);

    const backendDefaults = defaultBackends(choices, env);
    if (options.backends === undefined && backendDefaults.includes('local'))
      io.stderr.write('No API key is set: the default team runs on the local model, on this machine.\n');
    const backendsAnswer =
      options.backends ??
      (await answers(
        `Backends for the team, comma-separated (${choices.map((choice) => choice.type).join(', ')})`,
        backendDefaults.join(','),
      ));
    const backends = parseBackends(backendsAnswer, catalog);
    const models = splitList(options.models ?? '');
    if (models.length > backends.length)
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `--models names ${models.length} models for ${backends.length} backend${backends.length === 1 ? '' : 's'}; expected at most one model per backend, in the same order.`,
      });
    const ids = agentIds(backends.map((backend) => backend.type));
    const agents: InitAgent[] = [];
    for (const [index, backend] of backends.entries()) {
      const id = ids[index] ?? backend.type;
      const model = models[index] ?? (await answers(`Model for ${id} (${backend.label})`, backend.defaultModel));
      const baseUrl =
        backend.defaultBaseUrl === undefined ? undefined : await answers(`Base URL for ${id}`, backend.defaultBaseUrl);
      agents.push({ id, backend, model, ...(baseUrl === undefined ? {} : { baseUrl }) });
    }

    const output = path.resolve(
      io.cwd,
      options.output ?? (await answers('Write the configuration to', 'massgen.yaml')),
    );
    if (existsSync(output) && options.force !== true) {
      const overwrite =
        prompter === undefined
          ? 'n'
          : await prompter.ask(`${path.relative(io.cwd, output)} exists. Overwrite it? (y/n)`, 'n');
      if (!/^y(es)?$/i.test(overwrite))
        throw new MassGenError({
          code: 'CONFIG_INVALID',
          message: `${path.relative(io.cwd, output) || output} already exists; pass --force to overwrite it, or --output to write elsewhere.`,
        });
    }
    const keys = keyStatuses(agents, env);
    writeFileSync(
      output,
      renderInitConfig(agents, keys, path.relative(io.cwd, output) || output, shippedSchemaFile(output)),
    );
    // Loading what was written proves it works, as a run would read it.
    const config = await loadConfig(output, { cwd: io.cwd, env });
    const shown = path.relative(io.cwd, output) || output;
    io.stdout.write(
      `Wrote ${shown}: ${config.agents.map((agent) => `${agent.id} (${agent.backend.type}, ${agent.backend.model})`).join(', ')}\n`,
    );
    const missing = keys.filter((key) => !key.present);
    for (const key of missing)
      io.stdout.write(`Missing ${key.variable}: set it in the environment or add ${key.variable}=... to .env\n`);
    // `init` offers every first-party type, the local model even by default; a plugin it needs comes first.
    for (const type of new Set(config.agents.map((agent) => agent.backend.type))) {
      if (loader.findBackendPackage(type) === undefined)
        io.stdout.write(`Before running it: ${loader.describeMissingBackend(type)}\n`);
    }
    io.stdout.write(`Run it: massgen --config ${shown} "your question"\n`);
    return ExitCode.success;
  } catch (error) {
    return reportError(error, io, false, 'massgen init');
  } finally {
    prompter?.close();
  }
}

/** The JSON Schema this installation ships, relative to the new file when it is nearby. */
function shippedSchemaFile(output: string): string | undefined {
  const schema = path.join(cliPackageDirectory(), 'schema', 'massgen.schema.json');
  if (!existsSync(schema)) return undefined;
  const relative = path.relative(path.dirname(output), schema);
  return relative.startsWith(`..${path.sep}..${path.sep}..${path.sep}`) || path.isAbsolute(relative)
    ? schema
    : relative.split(path.sep).join('/');
}

async function defaultsOnly(_question: string, defaultAnswer: string): Promise<string> {
  return defaultAnswer;
}

/**
 * The hosted providers whose keys are already set; with none, the local team that
 * `massgen "question"` runs when no key is set (or OpenAI when no local backend is installed).
 */
function defaultBackends(
  choices: readonly InitBackendChoice[],
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const hosted = ['openai', 'claude', 'gemini', 'grok'];
  const available = choices
    .filter((choice) => hosted.includes(choice.type) && hasKey(choice, env))
    .map((choice) => choice.type);
  if (available.length > 0) return available;
  return choices.some((choice) => choice.type === 'local')
    ? Array.from({ length: localDefaultTeamSize }, () => 'local')
    : ['openai'];
}

function parseBackends(answer: string, catalog: readonly BackendCatalogEntry[]): InitBackendChoice[] {
  const choices = initBackendChoices(catalog);
  const names = splitList(answer);
  if (names.length === 0)
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `No backend given; expected one or more of ${choices.map((choice) => choice.type).join(', ')}.`,
    });
  return names.map((name) => {
    const choice = findInitBackend(name, catalog);
    if (choice === undefined) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `Unknown backend "${name}"; expected one of ${choices.map((entry) => entry.type).join(', ')}.`,
      });
    }
    return choice;
  });
}

/** The key each agent needs; an OpenAI-compatible server on this machine needs none. */
function keyStatuses(agents: readonly InitAgent[], env: Readonly<Record<string, string | undefined>>): KeyStatus[] {
  const statuses = new Map<string, KeyStatus>();
  for (const { backend, baseUrl } of agents) {
    const [first] = backend.keyVariables;
    if (first === undefined || (backend.type === 'chatcompletion' && baseUrl !== undefined && isLoopbackUrl(baseUrl)))
      continue;
    const present = backend.keyVariables.find((variable) => nonEmpty(env[variable]));
    const variable = present ?? first;
    statuses.set(variable, { variable, present: present !== undefined });
  }
  return [...statuses.values()];
}

function isLoopbackUrl(url: string): boolean {
  return URL.canParse(url) && ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
}

function hasKey(choice: InitBackendChoice, env: Readonly<Record<string, string | undefined>>): boolean {
  return choice.keyVariables.some((variable) => nonEmpty(env[variable]));
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
