import type { McpServerSecurity } from './normalize-mcp-security.js';
import type { SecurityViolation } from './security-violation.js';

/** Variables that make a program load code it was not asked to run, or move it elsewhere. */
const injectionVariables = [
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'LD_AUDIT',
  'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH',
  'NODE_OPTIONS',
  'PYTHONPATH',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'BASH_ENV',
  'ENV',
  'PWD',
  'OLDPWD',
];
/** At `strict`, the server's identity and search path stay MassGen's too. */
const strictVariables = [...injectionVariables, 'PATH', 'HOME', 'USER', 'USERNAME', 'SHELL'];
const maximumNameLength = 100;
const maximumValueLength = 1000;

/**
 * The server's `env` block against the policy's `env` checks: in `denylist` mode no listed
 * variable (the level's list unless `denied_vars` replaces it), in `allowlist` mode only the
 * `allowed_vars`; names compare without case. Values may not substitute commands (`$(`, a
 * backtick) at any level, nor chain them (`;`, `&`, `|`) at `strict`.
 */
export function checkServerEnv(
  env: Readonly<Record<string, string>>,
  security: McpServerSecurity,
): SecurityViolation[] {
  const { mode, level, allowedVars, deniedVars } = security.env;
  const denied = new Set((deniedVars ?? (level === 'strict' ? strictVariables : injectionVariables)).map(upper));
  const allowed = new Set((allowedVars ?? []).map(upper));
  const violations: SecurityViolation[] = [];
  for (const [name, value] of Object.entries(env)) {
    const problem = variableProblem(name, value);
    if (problem !== undefined) violations.push({ segments: ['env', name], message: problem });
  }
  return violations;

  function variableProblem(name: string, value: string): string | undefined {
    if (mode === 'allowlist' && !allowed.has(upper(name)))
      return `${name} is not in security.env.allowed_vars${allowed.size === 0 ? ' (which lists none)' : ''}`;
    if (mode === 'denylist' && denied.has(upper(name))) {
      if (deniedVars !== undefined) return `${name} is in security.env.denied_vars`;
      return injectionVariables.includes(upper(name))
        ? `${name} may not be set for an MCP server: it changes which code the server runs`
        : `${name} may not be set for an MCP server at level strict: the server keeps MassGen's`;
    }
    if (level !== 'permissive' && name.length > maximumNameLength)
      return `the name is longer than ${maximumNameLength} characters`;
    if (level !== 'permissive' && value.length > maximumValueLength)
      return `the value of ${name} is longer than ${maximumValueLength} characters`;
    if (value.includes('$(') || value.includes('`')) return `the value of ${name} substitutes a command ($( or \`)`;
    if (level === 'strict' && /[;&|]/.test(value)) return `the value of ${name} holds a shell character (; & |)`;
    return undefined;
  }
}

function upper(name: string): string {
  return name.toUpperCase();
}
