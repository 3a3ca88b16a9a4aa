import path from 'node:path';
import { ConfigError, MassGenError } from '@massgen/core';
import type { ConfigIssue, Warning } from '@massgen/core';
import { loadConfig } from '@massgen/config';
import type { MassGenConfig } from '@massgen/config';
import { PluginLoader, agentKeyPath, checkBackendOptions } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';

/**
 * `massgen --validate FILE...`: loads each file as a run would, checks each backend's options
 * against its installed package, and reports every problem with its key path. Nothing runs.
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
      const { issues, warnings } = await checkBackends(config, loader);
      if (issues.length > 0) throw new ConfigError({ file: config.file ?? shown, issues });
      const allWarnings = [...config.warnings, ...warnings];
      io.stdout.write(
        `✓ ${shown}: ${config.agents.length} agent${config.agents.length === 1 ? '' : 's'} (${config.agents.map((agent) => `${agent.id}: ${agent.backend.type}`).join(', ')})${allWarnings.length === 0 ? '' : `, ${allWarnings.length} warning${allWarnings.length === 1 ? '' : 's'}`}\n`,
      );
      for (const warning of allWarnings)
        io.stdout.write(`  warning: ${warning.path === undefined ? '' : `${warning.path}: `}${warning.message}\n`);
    } catch (error) {
      failed += 1;
      const message = MassGenError.isInstance(error) ? error.message : String(error);
      io.stdout.write(`✗ ${shown}\n${indent(message)}\n`);
    }
  }
  if (files.length > 1) io.stdout.write(`${files.length - failed} of ${files.length} valid\n`);
  return failed === 0 ? ExitCode.success : ExitCode.configError;
}

async function checkBackends(
  config: MassGenConfig,
  loader: PluginLoader,
): Promise<{ issues: ConfigIssue[]; warnings: Warning[] }> {
  const issues: ConfigIssue[] = [];
  const warnings: Warning[] = [];
  for (const [index, agent] of config.agents.entries()) {
    const packageName = loader.findBackendPackage(agent.backend.type, agent.backend.package);
    if (packageName === undefined) {
      warnings.push({
        code: 'backend-not-installed',
        path: `${agentKeyPath(config, index)}.backend.type`,
        message: `backend type "${agent.backend.type}" needs a package that is not installed here, so its options were not checked`,
      });
      continue;
    }
    const { module } = await loader.loadBackend(agent.backend.type, agent.backend.package);
    const checked = checkBackendOptions(config, index, module);
    issues.push(...checked.issues);
    warnings.push(...checked.warnings);
  }
  return { issues, warnings };
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
