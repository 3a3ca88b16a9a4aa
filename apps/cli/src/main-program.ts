import { Command } from 'commander';
import { defaultHistoryTokens } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { cliVersion } from './cli-package.js';
import { configureProgram } from './command-program.js';
import { parseCount, parseSeconds } from './number-arguments.js';

/** The options of the `massgen` command itself (a run, --validate, --show-schema, ...), as commander parses them. */
export interface CliOptions {
  config?: string;
  model?: string;
  backend?: string;
  baseUrl?: string;
  systemMessage?: string;
  /** `true` when given without files: the `--config` file is checked. */
  validate?: string[] | true;
  display: boolean;
  outputFile?: string;
  timeout?: number;
  record: boolean;
  debug?: boolean;
  example?: string;
  listExamples?: boolean;
  showSchema?: boolean;
  json?: boolean;
  image: string[];
  file: string[];
  continue?: boolean;
  session?: string;
  historyTokens: number;
  plan?: boolean;
  planAndExecute?: boolean;
  executePlan?: string;
}

const helpFooter = `
Examples:
  massgen --config team.yaml "What is the best way to cache API responses?"
  massgen --model gpt-5-nano "Explain CRDTs in two paragraphs"
  massgen --backend chatcompletion --base-url http://localhost:8000/v1 --model qwen "Hi"
  massgen --validate team.yaml other.yaml
  massgen --list-examples               (bundled examples; massgen --example team-of-three "q")
  massgen --config team.yaml --image chart.png --file report.pdf "What changed?"
  massgen --no-display --config team.yaml "q" > answer.md
  echo "q" | massgen --config team.yaml     (the question from standard input; also: massgen ... -)
  massgen --config team.yaml            (no question: an interactive session)
  massgen --config team.yaml --plan "Add a dark mode"   (a plan to approve, in .massgen/plans/; nothing changes)
  massgen --config team.yaml --execute-plan .massgen/plans/RUN.md   (carry out the approved plan)
  massgen --continue "And in Rust?"     (a follow-up in the latest session, with its team and answers)
  massgen sessions                      (list the sessions; massgen --session ID continues one)
  massgen resume                        (go on with the latest run that was cancelled, timed out or crashed)
  massgen init                          (write a configuration: asks which backends and models)
  massgen logs                          (list past runs; massgen logs show latest)
  massgen add local                     (add a plugin: the embedded local model, claude_code, a package)
  massgen plugins                       (the backends and strategies installed, with their versions)
  massgen serve --config team.yaml      OpenAI-compatible server (see massgen serve --help)
  massgen batch q.jsonl -c team.yaml -o results.jsonl   many questions, scored (massgen batch --help)
  massgen web --open                    start, watch and replay runs in the browser (massgen web --help)

In the live display: m sends every agent a message (in an agent's view, 1-9, that agent alone),
a answers now, q cancels; an agent's question (coordination.human_input) waits for your reply
there. See docs/person-in-the-loop.md.

Exit codes:
  0 success   1 configuration error   2 execution error   3 timeout
  4 interrupted: Ctrl-C, SIGTERM or SIGHUP stopped the run; its record is complete
  130 / 143 / 129 a second SIGINT / SIGTERM / SIGHUP quit at once (the record may lack its end)
  141 output pipe closed early (massgen ... | head); a run still finishes and is recorded

Each run is recorded under .massgen/runs/<run id>/ (events.jsonl, answers/, votes.json,
final.md, status.json, attachments/) and belongs to a session under .massgen/sessions/<id>/
(its questions, final answers and run ids). A follow-up question carries the session's newest
answered turns, up to --history-tokens (${defaultHistoryTokens} by default, about four characters
a token); older turns are dropped and named in a one-line note.`;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The `massgen` command's arguments and options, with its help. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('massgen')
    .description(
      "Several AI agents answer your question in parallel, review each other's answers, vote, and the winner presents the final answer.",
    )
    .argument(
      '[question]',
      'the question or task for the team; - (or none, with input piped in) reads it from standard input',
    )
    .option('-c, --config <file>', 'YAML configuration of the team')
    .option('-m, --model <model>', 'run one agent on this model, with no configuration file')
    .option('--backend <type>', 'backend type for --model (default: inferred from the model name)')
    .option('--base-url <url>', 'base URL of an OpenAI-compatible server, for --model')
    .option('--system-message <text>', 'system message for the --model agent')
    .option('--example <name>', 'run a bundled example (its own question if you give none)')
    .option('--list-examples', 'list the bundled examples with a question to try each with')
    .option('--show-schema', "print the configuration reference (with --backend TYPE: that backend's options)")
    .option('--json', 'with --show-schema: print the JSON Schema instead')
    .option(
      '--validate [files...]',
      'check configuration files (the --config file when none is named), report every problem, and exit',
    )
    .option('--image <path|url>', 'attach an image to the question, for every agent (repeatable)', collect, [])
    .option('--file <path|url>', 'attach a file (PDF, text, audio, image) to the question (repeatable)', collect, [])
    .option('--no-display', 'print only the final answer on stdout; progress goes to stderr')
    .option('-o, --output-file <file>', 'also write the final answer to this file')
    .option('--timeout <seconds>', 'stop coordinating after this many seconds; the leader presents', parseSeconds)
    .option(
      '--continue',
      'ask a follow-up in the latest session: its answers go with it, and its team unless you give one',
    )
    .option(
      '--session <id>',
      'ask in the session with this id (or the start of one); a new name starts a session by it',
    )
    .option(
      '--history-tokens <count>',
      `at most this many tokens of the session's earlier turns go with a question (older turns are dropped)`,
      parseCount,
      defaultHistoryTokens,
    )
    .option(
      '--plan',
      'the team only plans: nothing that changes files or runs commands runs; the plan goes to --output-file or .massgen/plans/',
    )
    .option('--plan-and-execute', 'the team plans as with --plan, then carries the plan out in a second run')
    .option('--execute-plan <file>', 'the team carries out an approved plan file (as --plan writes it)')
    .option('--no-record', 'do not write a run record or a session under .massgen/')
    .option('--debug', 'show stack traces for errors')
    .version(cliVersion(), '-V, --version', 'print the version and exit')
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', helpFooter);
  configureProgram(program, io);
  return program;
}
