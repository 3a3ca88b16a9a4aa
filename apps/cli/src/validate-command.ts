import path from 'node:path';
import { ConfigError, MassGenError, formatConfigIssue, redactText } from '@massgen/core';
import type { Warning } from '@massgen/core';
import { collectSecrets, loadConfig } from '@massgen/config';
import { listNames, summarizesTeam } from '@massgen/run-state';
import { PluginLoader, preflightRun } from '@massgen/runtime';
import type { MassGenConfig } from '@massgen/config';
import type { CliIo } from './cli-io.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';

/**
 * `massgen --validate FILE...`: loads each file and runs the checks a run makes before its first
 * model call (plugins installed, backend options, extensions), reporting every problem with its
 * key path and line. A file passes exactly when a run of it would get past configuration. Nothing runs.
 */
export async function validateCommand(
  files: readonly string[],
  io: CliIo,
  loader: PluginLoader,
): Promise<ExitCodeValue> {
  let failed = 0;
  for (const file of files) {
    const shown = path.relative(io.cwd, path.resolve(io.cwd, file)) || file;
    try {
      const config = await loadConfig(path.resolve(io.cwd, file), { cwd: io.cwd, env: io.env });
      const { issues, warnings, notes } = await preflightRun(config, loader);
      // The checks describe secret values by their type, but a message may still quote one (a URL with its password).
      const secrets = collectSecrets(config);
      const say = (text: string): void => void io.stdout.write(redactText(text, secrets));
      const allWarnings = [...config.warnings, ...warnings];
      if (issues.length > 0) {
        failed += 1;
        say(`✗ ${shown}\n${indent(new ConfigError({ file: config.file ?? shown, issues }).message)}\n`);
      } else {
        say(
          `✓ ${shown}: ${describeTeam(config)}${allWarnings.length === 0 ? '' : `, ${allWarnings.length} warning${allWarnings.length === 1 ? '' : 's'}`}\n`,
        );
      }
      for (const warning of allWarnings) say(`  warning: ${formatWarning(warning)}\n`);
      // Where commands run depends on this machine (bubblewrap, a Docker engine): said here as the run says it.
      if (issues.length === 0) for (const note of notes) say(`  ${note}\n`);
    } catch (error) {
      failed += 1;
      const message = MassGenError.isInstance(error) ? error.message : String(error);
      io.stdout.write(`✗ ${shown}\n${indent(message)}\n`);
    }
  }
  if (files.length > 1) io.stdout.write(`${files.length - failed} of ${files.length} valid\n`);
  return failed === 0 ? ExitCode.success : ExitCode.configError;
}

/** A warning as configuration issues read: key path once, the list items and line, then the message. */
export function formatWarning(warning: Warning): string {
  return formatConfigIssue(warning);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/** `3 agents (a: claude, g: gemini, x: grok)`; a team too large to list, by counts: `50 agents (a1, a2, a3 and 47 more; chatcompletion ×50)`. */
function describeTeam(config: MassGenConfig): string {
  const { agents } = config;
  const counted = `${agents.length} agent${agents.length === 1 ? '' : 's'}`;
  if (!summarizesTeam(agents.length))
    return `${counted} (${agents.map((agent) => `${agent.id}: ${agent.backend.type}`).join(', ')})`;
  const types = new Map<string, number>();
  for (const agent of agents) types.set(agent.backend.type, (types.get(agent.backend.type) ?? 0) + 1);
  const byUse = [...types.entries()].sort((left, right) => right[1] - left[1]);
  const ids = listNames(agents.map((agent) => agent.id));
  return `${counted} (${ids}; ${byUse.map(([type, count]) => `${type} ×${count}`).join(', ')})`;
}
