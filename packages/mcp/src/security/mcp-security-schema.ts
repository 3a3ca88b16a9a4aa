import { z } from 'zod';
import { choiceOf, flag, nonEmptyText } from '@massgen/config/internal';

/** Upstream's levels; its examples also write `high`, which upstream reads as its strictest level. */
const securityLevel = z.enum(['strict', 'moderate', 'permissive', 'high'], {
  error: 'expected one of "strict", "moderate", "permissive" ("high" is read as "strict")',
});

const names = (what: string) => z.array(nonEmptyText(what), { error: `expected a list of ${what}s` }).nullish();

/**
 * An MCP server's `security` block: upstream's keys (`level`, `allowed_executables`, `env`,
 * and for streamable HTTP `allow_localhost`, `allow_private_ips`, `resolve_dns`,
 * `allowed_hostnames`), and MassGen's `sandbox`, which starts a stdio server in the OS sandbox.
 */
export const mcpSecuritySchema = z.object(
  {
    level: securityLevel
      .nullish()
      .describe(
        'How strict the checks are: `strict` (the default; `high` means the same), `moderate` or `permissive`.',
      ),
    allowed_executables: names('program name such as "node"').describe(
      "Programs that may start the stdio server, by name; replaces the level's own list.",
    ),
    env: z
      .object(
        {
          mode: choiceOf(['denylist', 'allowlist'])
            .nullish()
            .describe('`denylist` (the default) refuses listed variables; `allowlist` allows only `allowed_vars`.'),
          level: securityLevel.nullish().describe("Level of the `env` checks; the server's level by default."),
          allowed_vars: names('variable name').describe('Variables the server may be given, in `allowlist` mode.'),
          denied_vars: names('variable name').describe(
            "Variables refused in `denylist` mode; replaces the level's list.",
          ),
        },
        { error: 'expected a mapping such as {mode: allowlist, allowed_vars: [LOG_LEVEL]}' },
      )
      .nullish()
      .describe("Checks of the server's `env` block."),
    allow_localhost: flag().nullish().describe('Streamable HTTP: the URL may name this machine.'),
    allow_private_ips: flag().nullish().describe('Streamable HTTP: the URL may name a private or reserved address.'),
    resolve_dns: flag()
      .nullish()
      .describe('Streamable HTTP: look the host up and hold each of its addresses to the same rules.'),
    allowed_hostnames: names('host name').describe('Streamable HTTP: host names trusted as they are.'),
    sandbox: z
      .union(
        [
          flag(),
          z.object({
            network: choiceOf(['none', 'host'])
              .nullish()
              .describe("`none` (the default) cuts the server off the network; `host` shares this machine's."),
          }),
        ],
        {
          error: 'expected true, false or {network: none | host}',
        },
      )
      .nullish()
      .describe(
        "Starts a stdio server in the OS sandbox (bubblewrap): the agent's workspace writable, its context paths read-only, the rest of your files absent; network off unless `{network: host}`.",
      ),
  },
  { error: 'expected a mapping such as {level: strict}' },
);

export type ParsedMcpSecurity = z.output<typeof mcpSecuritySchema>;
