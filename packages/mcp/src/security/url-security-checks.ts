import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { McpServerSecurity } from './normalize-mcp-security.js';
import type { SecurityViolation } from './security-violation.js';

/** Ports of services that are no MCP server (SSH, SMTP, DNS, SMB, databases, RDP). */
const refusedPorts = new Set([22, 23, 25, 53, 135, 139, 445, 1433, 1521, 3306, 3389, 5432, 6379]);

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Private, link-local, shared, multicast, reserved and unspecified addresses: not the public internet. */
const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  nonPublic.addSubnet(network, prefix, 'ipv6');

type AddressKind = 'loopback' | 'private' | 'public';

/** What an IP address reaches; an IPv4 address written as IPv6 (`::ffff:10.0.0.1`) counts as itself. */
export function addressKind(address: string): AddressKind {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (loopback.check(ip, family)) return 'loopback';
  return nonPublic.check(ip, family) ? 'private' : 'public';
}

/**
 * A streamable-http server's URL against its policy, without looking anything up: a port of
 * another service is refused; a host in `allowed_hostnames` is trusted as it is; otherwise this
 * machine (`localhost`, a loopback address) needs `allow_localhost`, a private or reserved
 * address `allow_private_ips`.
 */
export function checkServerUrl(url: string, security: McpServerSecurity): SecurityViolation[] {
  const parsed = new URL(url);
  const refuse = (message: string): SecurityViolation[] => [{ segments: ['url'], message }];
  if (parsed.port !== '' && refusedPorts.has(Number(parsed.port)))
    return refuse(`port ${parsed.port} belongs to another kind of service, so it is refused`);
  const host = hostOf(parsed);
  if (trusted(host, security)) return [];
  if (isIP(host) === 0) {
    if (!security.allowLocalhost && (host === 'localhost' || host.endsWith('.localhost') || host === 'ip6-localhost'))
      return refuse(`${host} is this machine; set security.allow_localhost: true to allow it`);
    return [];
  }
  const problem = addressProblem(host, security);
  return problem === undefined ? [] : refuse(`it names ${problem}`);
}

/**
 * With `resolve_dns`, the addresses the URL's host name has now, each held to the same rules as
 * an address written in the URL; a name that does not resolve is refused.
 */
export async function checkResolvedUrl(url: string, security: McpServerSecurity): Promise<string | undefined> {
  const host = hostOf(new URL(url));
  if (!security.resolveDns || isIP(host) !== 0 || trusted(host, security)) return undefined;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host, { all: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return `its host ${host} could not be resolved (${typeof code === 'string' ? code : 'no address'})`;
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address, security);
    if (problem !== undefined) return `its host ${host} resolves to ${problem}`;
  }
  return undefined;
}

function addressProblem(address: string, security: McpServerSecurity): string | undefined {
  const kind = addressKind(address);
  if (kind === 'loopback' && !security.allowLocalhost)
    return `${address}, this machine; set security.allow_localhost: true to allow it`;
  if (kind === 'private' && !security.allowPrivateIps)
    return `${address}, a private or reserved address; set security.allow_private_ips: true to allow it`;
  return undefined;
}

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

function trusted(host: string, security: McpServerSecurity): boolean {
  return (security.allowedHostnames ?? []).some((name) => name.toLowerCase() === host);
}
