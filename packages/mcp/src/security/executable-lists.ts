import type { McpSecurityLevel } from './normalize-mcp-security.js';

/** Runtimes and launchers that start MCP servers, and nothing that runs a command line. */
const strictPrograms = [
  'node',
  'nodejs',
  'npx',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'bunx',
  'deno',
  'python',
  'python3',
  'py',
  'uv',
  'uvx',
  'pipx',
  'fastmcp',
  'java',
  'ruby',
  'go',
  'cargo',
  'dotnet',
];
/** Shells can start anything, so only from `moderate` up; so can git's hooks. */
const moderatePrograms = [...strictPrograms, 'sh', 'bash', 'zsh', 'fish', 'pwsh', 'powershell', 'git', 'docker'];

/**
 * Whether `name` (a program's file name, without directory) may start a server at `level`, or
 * is in `allowed` when the policy lists its own programs. `permissive` allows any program.
 * Names compare without case and without a Windows extension; `python3.12` counts as `python3`.
 */
export function executableAllowed(
  name: string,
  level: McpSecurityLevel,
  allowed: readonly string[] | undefined,
): boolean {
  const program = baseProgram(name);
  if (allowed !== undefined) return allowed.some((entry) => baseProgram(entry) === program);
  if (level === 'permissive') return true;
  return (level === 'strict' ? strictPrograms : moderatePrograms).includes(program.replace(/^(python3)\.\d+$/, '$1'));
}

/** The programs a level allows, for messages. */
export function levelPrograms(level: McpSecurityLevel): readonly string[] {
  return level === 'strict' ? strictPrograms : moderatePrograms;
}

function baseProgram(name: string): string {
  return name.toLowerCase().replace(/\.(exe|cmd|bat|ps1)$/, '');
}
