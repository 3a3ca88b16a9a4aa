import { describe, expect, it } from 'vitest';
import type { McpServerSecurity } from './normalize-mcp-security.js';
import { checkServerEnv } from './env-security-checks.js';

const policy = (
  env: Partial<McpServerSecurity['env']> & { level?: McpServerSecurity['level'] },
): McpServerSecurity => ({
  level: env.level ?? 'strict',
  env: { mode: 'denylist', level: 'strict', ...env },
  allowLocalhost: false,
  allowPrivateIps: false,
  resolveDns: false,
});

const refused = (env: Record<string, string>, security: McpServerSecurity) =>
  checkServerEnv(env, security).map((violation) => violation.segments[1]);

describe('checkServerEnv', () => {
  it('refuses variables that change which code runs at every level, and the identity variables at strict', () => {
    const env = { LD_PRELOAD: '/tmp/x.so', node_options: '--require x', PATH: '/bin', LOG_LEVEL: 'info' };
    expect(refused(env, policy({ level: 'strict' }))).toEqual(['LD_PRELOAD', 'node_options', 'PATH']);
    expect(refused(env, policy({ level: 'permissive' }))).toEqual(['LD_PRELOAD', 'node_options']);
  });

  it('takes denied_vars instead of the level list, and in allowlist mode only allowed_vars', () => {
    const env = { LD_PRELOAD: '/tmp/x.so', API_TOKEN: 'secret', LOG_LEVEL: 'info' };
    expect(refused(env, policy({ deniedVars: ['api_token'] }))).toEqual(['API_TOKEN']);
    expect(refused(env, policy({ mode: 'allowlist', allowedVars: ['LOG_LEVEL'] }))).toEqual([
      'LD_PRELOAD',
      'API_TOKEN',
    ]);
    expect(checkServerEnv({ LOG_LEVEL: 'info' }, policy({ mode: 'allowlist' }))[0]?.message).toBe(
      'LOG_LEVEL is not in security.env.allowed_vars (which lists none)',
    );
  });

  it('refuses values that substitute commands, and at strict values that chain them, never quoting the value', () => {
    const env = { A: 'x$(id)', B: 'x`id`', C: 'postgres://u:pw@h/db?a=1&b=2' };
    expect(refused(env, policy({ level: 'strict' }))).toEqual(['A', 'B', 'C']);
    expect(refused(env, policy({ level: 'moderate' }))).toEqual(['A', 'B']);
    const messages = checkServerEnv(env, policy({ level: 'strict' })).map((violation) => violation.message);
    expect(messages.join(' ')).not.toContain('pw@h');
  });
});
