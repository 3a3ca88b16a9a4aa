import { toMassGenError } from '@massgen/core';
import type { MediaPart, Message, RunEvent } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import type { RunResult } from '@massgen/runtime';
import type { CliIo } from './cli-io.js';
import { ExitCode } from './exit-codes.js';
import type { ExitCodeValue } from './exit-codes.js';
import type { LineReader } from './line-reader.js';
import type { RunCommandOutcome } from './run-command.js';
import { displayPath } from './run-summary.js';
import type { Conversation } from './session-conversation.js';
import { parseSessionInput, sessionHelp } from './session-commands.js';

export interface InteractiveSessionOptions {
  config: MassGenConfig;
  io: CliIo;
  readLine: LineReader;
  /** The session the questions belong to: its answered turns are each new question's history. */
  conversation: Conversation;
  /** Runs one coordination with the conversation so far and the question's attachments. */
  runTurn: (
    question: string,
    history: Message[],
    attachments: readonly MediaPart[],
    onEvent: (event: RunEvent) => void,
  ) => Promise<RunCommandOutcome>;
  /** Attachments given on the command line: they go with the first question. */
  attachments?: readonly MediaPart[];
  /** Loads what `/attach` names: a file (from the working directory) or a URL. */
  loadAttachment: (source: string) => Promise<MediaPart>;
}

interface Turn {
  question: string;
  result: RunResult;
}

const prompt = 'massgen> ';

/**
 * `massgen --config FILE` without a question: a prompt where each question is a new coordination
 * of the same session (`massgen --continue` and `--session ID` go on with it later), seeing the
 * earlier questions and final answers as conversation history. A cancelled or failed question
 * leaves the history as it was, so the next one starts from the last answer.
 */
export async function runInteractiveSession(options: InteractiveSessionOptions): Promise<ExitCodeValue> {
  const { config, io, conversation } = options;
  const turns: Turn[] = [];
  let attachments: readonly MediaPart[] = options.attachments ?? [];
  io.stderr.write(
    `MassGen interactive session${conversation.id === undefined ? '' : ` ${conversation.id}`}: ${describeTeam(config)}.\nAsk a question, or type /help.\n`,
  );
  for (;;) {
    const read = await options.readLine(prompt);
    if (read.kind !== 'line') break;
    const input = parseSessionInput(read.text);
    switch (input.kind) {
      case 'empty':
        continue;
      case 'help':
        io.stderr.write(`${sessionHelp}\n`);
        continue;
      case 'reset':
        conversation.reset();
        io.stderr.write(
          `The conversation is cleared; the next question starts afresh${conversation.id === undefined ? '' : ` in session ${conversation.id}`}.\n`,
        );
        continue;
      case 'status':
        io.stderr.write(describeStatus(config, turns, conversation, io.cwd));
        continue;
      case 'unknown':
        io.stderr.write(`Unknown command ${input.command}; /help lists the commands.\n`);
        continue;
      case 'quit':
        return ExitCode.success;
      case 'attach':
        if (input.source === '') {
          io.stderr.write(describeAttachments(attachments));
          continue;
        }
        try {
          const part = await options.loadAttachment(input.source);
          attachments = [...attachments, part];
          io.stderr.write(`Attached ${describePart(part)} to the next question.\n`);
        } catch (error) {
          io.stderr.write(`${toMassGenError(error).message}\n`);
        }
        continue;
      case 'detach':
        io.stderr.write(
          attachments.length === 0 ? 'No attachments are waiting.\n' : 'The next question goes without attachments.\n',
        );
        attachments = [];
        continue;
      case 'question': {
        const attached = attachments;
        attachments = [];
        const { result } = await options.runTurn(
          input.text,
          conversation.history(),
          attached,
          conversation.listener(input.text),
        );
        conversation.finish(result);
        turns.push({ question: input.text, result });
        if (result.finalAnswer === undefined || result.stopReason === 'cancelled') {
          io.stderr.write(`No answer (${result.stopReason}); the conversation stays as it was.\n`);
        }
        continue;
      }
    }
  }
  io.stderr.write('\n');
  return ExitCode.success;
}

function describePart(part: MediaPart): string {
  return `${part.filename ?? `an ${part.type}`} (${part.mediaType})`;
}

function describeAttachments(attachments: readonly MediaPart[]): string {
  if (attachments.length === 0) return 'No attachments are waiting; /attach PATH|URL adds one.\n';
  return `For the next question: ${attachments.map(describePart).join(', ')}.\n`;
}

function describeTeam(config: MassGenConfig): string {
  const agents = config.agents.map((agent) => `${agent.id} (${agent.backend.model})`).join(', ');
  return `${config.agents.length} agent${config.agents.length === 1 ? '' : 's'}: ${agents}`;
}

function describeStatus(
  config: MassGenConfig,
  turns: readonly Turn[],
  conversation: Conversation,
  cwd: string,
): string {
  const answered = conversation.turns().filter((turn) => turn.finalAnswer !== undefined).length;
  const lines = [
    ...(conversation.id === undefined ? [] : [`Session: ${conversation.id}`]),
    `Team: ${describeTeam(config)}`,
    `Questions asked: ${turns.length} · in the conversation: ${answered}`,
  ];
  const last = turns.at(-1);
  if (last !== undefined) {
    const record =
      last.result.recordDirectory === undefined ? '' : `, record ${displayPath(last.result.recordDirectory, cwd)}`;
    lines.push(
      `Last run: ${last.result.runId} (${last.result.stopReason}${last.result.winnerAgentId === undefined ? '' : `, won by ${last.result.winnerAgentId}`}${record})`,
    );
  }
  let tokens = 0;
  let costUsd = 0;
  let priced = false;
  for (const turn of turns) {
    for (const entry of turn.result.usage) {
      tokens += (entry.usage.inputTokens ?? 0) + (entry.usage.outputTokens ?? 0);
      if (entry.costUsd !== undefined) {
        priced = true;
        costUsd += entry.costUsd;
      }
    }
  }
  lines.push(`Spent this session: ${tokens.toLocaleString('en-US')} tokens${priced ? `, $${costUsd.toFixed(4)}` : ''}`);
  return `${lines.join('\n')}\n`;
}
