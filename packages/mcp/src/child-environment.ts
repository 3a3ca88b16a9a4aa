/**
 * Variables a server process gets from MassGen's own environment: what programs need to find
 * executables, a home, a locale, temporary files, and a network path out (proxies, extra CA
 * certificates). Everything else, API keys above all, reaches a server only through its `env`.
 */
const inheritedPosix = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TMPDIR',
  'TZ',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
];
const inheritedWindows = [
  'APPDATA',
  'COMSPEC',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PATH',
  'PATHEXT',
  'PROCESSOR_ARCHITECTURE',
  'PROGRAMFILES',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'TMP',
  'USERNAME',
  'USERPROFILE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
];

/**
 * The environment of an MCP server process: the safe base above, taken from `parent` (MassGen's
 * environment, `.env` included), overlaid with the server's own `env` block, whose `${VAR}`
 * placeholders the configuration loader has already replaced.
 */
export function childEnvironment(
  serverEnv: Readonly<Record<string, string>>,
  parent: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const windows = platform === 'win32';
  const wanted = new Set(windows ? inheritedWindows : inheritedPosix);
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    // Windows variable names ignore case (`Path` is `PATH`); POSIX names do not.
    if (value === undefined || !wanted.has(windows ? name.toUpperCase() : name)) continue;
    // An exported shell function (`() { ...`) is code, not configuration.
    if (value.startsWith('()')) continue;
    environment[name] = value;
  }
  return { ...environment, ...serverEnv };
}
