/**
 * Variables a child process gets from MassGen's own environment: what programs need to find
 * executables, a home, a locale, temporary files, and a network path out (proxies, extra CA
 * certificates). API keys and other secrets are not among them: a child gets those only when its
 * configuration hands them over.
 */
const posixNames = [
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
const windowsNames = [
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

export interface InheritedEnvironmentOptions {
  /** Further variables a particular child needs, by name. */
  names?: readonly string[];
  /** Further variables by prefix (`LC_`, a tool's own settings). */
  prefixes?: readonly string[];
  platform?: NodeJS.Platform;
}

/** The part of `parent` (MassGen's environment, `.env` included) that a child process inherits. */
export function inheritedEnvironment(
  parent: Readonly<Record<string, string | undefined>>,
  options: InheritedEnvironmentOptions = {},
): Record<string, string> {
  const windows = (options.platform ?? process.platform) === 'win32';
  // Windows variable names ignore case (`Path` is `PATH`); POSIX names do not.
  const normalize = (name: string): string => (windows ? name.toUpperCase() : name);
  const wanted = new Set([...(windows ? windowsNames : posixNames), ...(options.names ?? [])].map(normalize));
  const prefixes = (options.prefixes ?? []).map(normalize);
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined) continue;
    const key = normalize(name);
    if (!wanted.has(key) && !prefixes.some((prefix) => key.startsWith(prefix))) continue;
    // An exported shell function (`() { ...`) is code, not configuration.
    if (value.startsWith('()')) continue;
    environment[name] = value;
  }
  return environment;
}
