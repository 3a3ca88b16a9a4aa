import { Command } from 'commander';
import { MassGenError } from '@massgen/core';
import { loadModelRegistry, startMassGenServer } from '@massgen/server';
import type { MassGenServer } from '@massgen/server';
import type { CliIo } from './cli-io.js';
import { defaultHistoryTokens } from '@massgen/runtime';
import { cliPackageDirectory } from './cli-package.js';
import { parseCount, parsePositiveInteger } from './number-arguments.js';
import { stopSignals } from './signal-handling.js';
import { ExitCode } from './exit-codes.js';
import { listenError, parsePort, requiredServerApiKey } from './listen-address.js';
import { runProgram, withDebugAndHelp } from './command-program.js';

interface ServeOptions {
  host: string;
  port: number;
  config?: string;
  configDir?: string;
  apiKey?: string;
  passthrough?: boolean;
  maxConcurrentRuns?: number;
  maxBodyBytes?: number;
  maxAttachments?: number;
  maxAttachmentBytes?: number;
  record: boolean;
  historyTokens: number;
  debug?: boolean;
}

const helpFooter = `
Examples:
  massgen serve --config team.yaml
  massgen serve --config team.yaml --config-dir teams/ --port 8080
  MASSGEN_SERVER_API_KEY=secret massgen serve --host 0.0.0.0 --config team.yaml

Then point any OpenAI client at http://127.0.0.1:4000/v1 with model "massgen"
(or "massgen/<file name>" for a file of --config-dir).

The key can also come from MASSGEN_SERVER_API_KEY, which keeps it out of the process list.
Requests choose among these configurations only: nothing in a request can start a process or
change the tools or paths agents get. Sampling fields in requests (temperature, max_tokens, ...)
are accepted and ignored: each agent keeps its configured settings.

Sessions: a request that names one (header X-MassGen-Session, else metadata.session_id, else
user) gets that session's earlier questions and answers as history (up to --history-tokens),
so the client sends only its new message; the answer is added to the session, which is kept
under .massgen/sessions/<id>/ and created by its first request. massgen --session ID continues
it from the terminal.

Messages to a running team: POST /v1/chat/completions/<id>/messages with {"content": "..."}
(and "agent": "<agent id>" for one agent), <id> being the completion's id from its first
chunk. The agents see it at their next turn; a question an agent asks the person
(coordination.human_input) gets "no reply" at once here. See docs/person-in-the-loop.md.`;

/** `massgen serve`: an OpenAI-compatible server for the given configurations, until Ctrl-C. */
export async function serveCommand(args: readonly string[], io: CliIo, signal?: AbortSignal): Promise<number> {
  const program = buildProgram(io);
  return runProgram(program, args, io, async (options: ServeOptions) => {
    if (options.config === undefined && options.configDir === undefined) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message:
          'Nothing to serve: pass --config FILE (model "massgen") and/or --config-dir DIR (models "massgen/<name>"). See massgen serve --help.',
      });
    }
    const models = await loadModelRegistry({
      cwd: io.cwd,
      env: { ...io.env },
      ...(options.config === undefined ? {} : { configFile: options.config }),
      ...(options.configDir === undefined ? {} : { configDirectory: options.configDir }),
    });
    const apiKey = requiredServerApiKey(options.host, options.apiKey, io.env);
    // Listen for Ctrl-C before announcing the URL, so a signal sent as soon as it appears is not missed.
    const stopSignals = watchStopSignals(signal);
    const server = await startMassGenServer({
      models,
      host: options.host,
      port: options.port,
      ...(apiKey === undefined ? {} : { apiKey }),
      limits: {
        ...(options.maxConcurrentRuns === undefined ? {} : { maxConcurrentRuns: options.maxConcurrentRuns }),
        ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
        ...(options.maxAttachments === undefined ? {} : { maxAttachments: options.maxAttachments }),
        ...(options.maxAttachmentBytes === undefined ? {} : { maxAttachmentBytes: options.maxAttachmentBytes }),
      },
      run: {
        cwd: io.cwd,
        pluginSearchPaths: [cliPackageDirectory()],
        ...(options.record ? {} : { record: false as const }),
        ...(options.passthrough === true ? { passthrough: true } : {}),
        historyTokens: options.historyTokens,
      },
      log: (message) => io.stderr.write(`${message}\n`),
    }).catch((error: unknown) => {
      stopSignals.dispose();
      throw listenError(error, options);
    });
    const modelList = models
      .list()
      .map((model) => model.id)
      .join(', ');
    io.stderr.write(
      `MassGen server listening on ${server.url} (OpenAI base URL ${server.url}/v1)\n` +
        `Models: ${modelList}${apiKey === undefined ? '' : '; API key required'}${options.passthrough === true ? '; single-agent models in passthrough' : ''}\n`,
    );
    await stopSignals.stopped;
    io.stderr.write('Stopping: cancelling running teams\n');
    await closeServer(server);
    return ExitCode.success;
  });
}

function buildProgram(io: CliIo): Command {
  return withDebugAndHelp(
    new Command('massgen serve')
      .description(
        'Serve MassGen teams over an OpenAI-compatible HTTP API (POST /v1/chat/completions, GET /v1/models, GET /health).',
      )
      .option('--host <host>', 'address to bind; anything but loopback needs --api-key', '127.0.0.1')
      .option('--port <port>', 'port to listen on (0 picks a free one)', parsePort, 4000)
      .option('-c, --config <file>', 'configuration served as model "massgen"')
      .option('--config-dir <dir>', 'directory whose *.yaml files are served as "massgen/<name>"')
      .option('--api-key <key>', 'require "Authorization: Bearer <key>" (default: $MASSGEN_SERVER_API_KEY)')
      .option(
        '--passthrough',
        'answer with every single-agent configuration in one model call, even one that sets orchestrator.coordinate_single_agent',
      )
      .option('--max-concurrent-runs <n>', 'runs at once before requests get 429 (default 100)', parsePositiveInteger)
      .option('--max-body-bytes <n>', 'largest request body accepted (default 20971520)', parsePositiveInteger)
      .option(
        '--max-attachments <n>',
        'most images, recordings and files per request (default 10)',
        parsePositiveInteger,
      )
      .option(
        '--max-attachment-bytes <n>',
        'largest image, recording or file in a request, decoded (default 10485760)',
        parsePositiveInteger,
      )
      .option(
        '--history-tokens <count>',
        "at most this many tokens of a session's earlier turns go with a request",
        parseCount,
        defaultHistoryTokens,
      )
      .option(
        '--no-record',
        'do not write run records or sessions under .massgen/ (requests naming a session get 400)',
      ),
    io,
    helpFooter,
  );
}

/** Resolves `stopped` on Ctrl-C, SIGTERM, SIGHUP or the caller's signal; `dispose` stops listening. */
export function watchStopSignals(external: AbortSignal | undefined): { stopped: Promise<void>; dispose: () => void } {
  let onStop = (): void => {};
  const stopped = new Promise<void>((resolve) => {
    onStop = resolve;
  });
  const dispose = (): void => {
    for (const name of stopSignals) process.off(name, stop);
    external?.removeEventListener('abort', stop);
  };
  function stop(): void {
    dispose();
    onStop();
  }
  for (const name of stopSignals) process.on(name, stop);
  if (external?.aborted === true) stop();
  else external?.addEventListener('abort', stop, { once: true });
  return { stopped, dispose };
}

/** A second stop signal while teams are being cancelled quits at once. */
async function closeServer(server: MassGenServer): Promise<void> {
  const quit = (): never => process.exit(ExitCode.interrupted);
  for (const name of stopSignals) process.once(name, quit);
  try {
    await server.close();
  } finally {
    for (const name of stopSignals) process.off(name, quit);
  }
}
