import { describe, expect, it } from 'vitest';
import type { McpServerSecurity } from './normalize-mcp-security.js';
import { addressKind, checkResolvedUrl, checkServerUrl } from './url-security-checks.js';

const policy = (extra: Partial<McpServerSecurity> = {}): McpServerSecurity => ({
  level: 'strict',
  env: { mode: 'denylist', level: 'strict' },
  allowLocalhost: false,
  allowPrivateIps: false,
  resolveDns: false,
  ...extra,
});

const messages = (url: string, security: McpServerSecurity) =>
  checkServerUrl(url, security).map((violation) => violation.message);

describe('addressKind', () => {
  it('tells loopback, private and reserved, and public addresses apart, IPv4 in IPv6 included', () => {
    expect(['127.0.0.1', '127.8.9.1', '::1'].map(addressKind)).toEqual(['loopback', 'loopback', 'loopback']);
    expect(
      [
        '10.1.2.3',
        '172.20.0.1',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '0.0.0.0',
        '::',
        'fd00::1',
        'fe80::1',
        '::ffff:10.0.0.1',
      ].map(addressKind),
    ).toEqual(Array(10).fill('private'));
    expect(['8.8.8.8', '2606:4700::1111', '172.32.0.1'].map(addressKind)).toEqual(['public', 'public', 'public']);
  });
});

describe('checkServerUrl', () => {
  it('refuses this machine and private addresses unless allowed, and ports of other services always', () => {
    expect(messages('http://localhost:8000/mcp', policy())).toEqual([
      'localhost is this machine; set security.allow_localhost: true to allow it',
    ]);
    expect(messages('http://[::1]:8000/mcp', policy())).toEqual([
      'it names ::1, this machine; set security.allow_localhost: true to allow it',
    ]);
    expect(messages('http://localhost:8000/mcp', policy({ allowLocalhost: true }))).toEqual([]);
    expect(messages('http://169.254.169.254/latest', policy({ allowLocalhost: true }))).toEqual([
      'it names 169.254.169.254, a private or reserved address; set security.allow_private_ips: true to allow it',
    ]);
    expect(messages('http://10.0.0.5:8080/mcp', policy({ allowPrivateIps: true }))).toEqual([]);
    expect(messages('https://mcp.example.com:22/', policy({ allowLocalhost: true, allowPrivateIps: true }))).toEqual([
      'port 22 belongs to another kind of service, so it is refused',
    ]);
    expect(messages('https://mcp.example.com/mcp', policy())).toEqual([]);
  });

  it('trusts a host in allowed_hostnames as it is', () => {
    expect(messages('http://LOCALHOST:8000/mcp', policy({ allowedHostnames: ['localhost'] }))).toEqual([]);
  });

  it('with resolve_dns, holds each address of the host name to the same rules', async () => {
    expect(
      await checkResolvedUrl('http://localhost:8000/mcp', policy({ resolveDns: true, allowedHostnames: [] })),
    ).toMatch(/^its host localhost resolves to (127\.0\.0\.1|::1), this machine/);
    expect(await checkResolvedUrl('http://localhost:8000/mcp', policy({ resolveDns: false }))).toBeUndefined();
  });
});
