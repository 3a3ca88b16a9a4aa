import { z } from 'zod';

/** `options` of a `mcp_servers` entry with `integration: postgres`: a URL, or its parts. */
export const optionsSchema = z
  .object({
    url: z
      .string()
      .refine((value) => /^postgres(ql)?:\/\//.test(value) && URL.canParse(value), {
        message: 'expected a postgresql:// URL',
      })
      .optional()
      .describe('postgresql://user:password@host:port/database?sslmode=..., instead of host, port, user and database.'),
    host: z
      .string()
      .min(1, 'expected a host name, an address, or the directory of a Unix socket')
      .optional()
      .describe('The host, an address, or the directory of its Unix socket. Default: localhost.'),
    port: z
      .number({ error: 'expected a port number' })
      .int('expected a port number')
      .min(1, 'expected a port number')
      .max(65_535, 'expected a port number')
      .optional()
      .describe('Default: 5432.'),
    user: z.string().min(1, 'expected a user name').optional(),
    password: z
      .string()
      .optional()
      .describe(
        'The password, best written as ${PGPASSWORD}; it also overrides one in url. A secret: redacted everywhere.',
      ),
    database: z.string().min(1, 'expected a database name').optional(),
  })
  .strict()
  .superRefine((options, context) => {
    if (options.url !== undefined) {
      for (const key of ['host', 'port', 'user', 'database'] as const)
        if (options[key] !== undefined)
          context.addIssue({
            code: 'custom',
            path: [key],
            message: `url names the ${key} already; give one or the other`,
          });
    } else if (options.database === undefined)
      context.addIssue({
        code: 'custom',
        path: [],
        message: 'expected url, or database (with host, port, user and password as needed)',
      });
  });

export type PostgresOptions = z.output<typeof optionsSchema>;

/** Where the server connects, and as whom; the password travels apart from the rest. */
export interface PostgresConnection {
  /** The URL without its password: what the server is given on its command line. */
  url: string;
  password: string | undefined;
  /** For messages: `localhost:5432, database "shop", user "ann"`. */
  description: string;
}

const defaultPort = 5432;

/** The connection the options describe. */
export function connectionOf(options: PostgresOptions): PostgresConnection {
  if (options.url !== undefined) {
    const written = new URL(options.url);
    const password = options.password ?? (written.password === '' ? undefined : decodeURIComponent(written.password));
    written.password = '';
    return describe(written, password);
  }
  const url = new URL('postgresql://localhost');
  const host = options.host ?? 'localhost';
  // A socket directory is not a URL host: the driver takes it from the query.
  if (host.startsWith('/')) url.searchParams.set('host', host);
  else url.hostname = host;
  url.port = String(options.port ?? defaultPort);
  if (options.user !== undefined) url.username = encodeURIComponent(options.user);
  url.pathname = `/${encodeURIComponent(options.database ?? '')}`;
  return describe(url, options.password);
}

/** A URL from upstream's command line (`server-postgres postgresql://...`), its password taken out. */
export function connectionFromUrl(text: string): PostgresConnection {
  if (!URL.canParse(text)) return { url: text, password: undefined, description: 'the database URL given' };
  return connectionOf({ url: text });
}

function describe(url: URL, password: string | undefined): PostgresConnection {
  const host = url.searchParams.get('host') ?? (url.hostname === '' ? 'localhost' : url.hostname);
  const port = url.port === '' ? defaultPort : Number(url.port);
  const database = decodeURIComponent(url.pathname.slice(1));
  const user = decodeURIComponent(url.username);
  const parts = [
    host.startsWith('/') ? `socket ${host}` : `${host}:${port}`,
    ...(database === '' ? [] : [`database "${database}"`]),
    ...(user === '' ? [] : [`user "${user}"`]),
  ];
  return { url: url.href, password, description: parts.join(', ') };
}
