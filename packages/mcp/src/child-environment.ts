import { inheritedEnvironment } from '@massgen/process-containment';

/**
 * The environment of an MCP server process: what every child inherits from `parent` (MassGen's
 * environment, `.env` included; API keys are not part of it), overlaid with the server's own `env`
 * block, whose `${VAR}` placeholders the configuration loader has already replaced.
 */
export function childEnvironment(
  serverEnv: Readonly<Record<string, string>>,
  parent: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  return { ...inheritedEnvironment(parent, { platform }), ...serverEnv };
}
