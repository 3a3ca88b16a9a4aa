import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MassGenError } from '@massgen/core';
import type { ResumedCoordination, RunEvent, StopReason } from '@massgen/core';
import { parseRunEvents } from './run-events-file.js';

/** Endings that leave work to go on with; a run that concluded otherwise has nothing to resume. */
const resumableStops = new Set<StopReason>([
  'cancelled',
  'timeout',
  'error',
  'all-agents-failed',
  'budget',
  'max-rounds',
]);

/** A stopped run as its record holds it, ready to go on (`run(config, task, { resume })`). */
export interface ResumableRun {
  runId: string;
  directory: string;
  task: string;
  strategy: string;
  /** The agents the run started with, in order: a resumed run needs the same team. */
  agentIds: string[];
  startedAt: number;
  /** The record's events before the stop: every whole line, without the run's `run-end`. */
  events: RunEvent[];
  /** How it stopped: its `run-end`'s reason, or `killed` when the process died before writing one. */
  stoppedBy: StopReason | 'killed';
  coordination: ResumedCoordination;
}

/**
 * Reads a run's `events.jsonl` to go on with it. A record written by a process killed mid-write
 * ends in a line cut short: that line is left out, and the run goes on from the last whole
 * event. Anything else wrong with the record is an error that says what and where.
 */
export function readResumableRun(directory: string): ResumableRun {
  const runId = path.basename(directory);
  const file = path.join(directory, 'events.jsonl');
  if (!existsSync(file)) throw damaged(runId, `it has no ${file}`);
  const { events, problems } = parseRunEvents(readFileSync(file, 'utf8'));
  const problem = problems[0];
  if (problem !== undefined) throw damaged(runId, `line ${problem.line} of ${file} is ${problem.message}`);
  const gap = events.findIndex((event, index) => event.seq !== index);
  if (gap >= 0) throw damaged(runId, `event ${gap + 1} of ${file} has seq ${events[gap]?.seq}, expected ${gap}`);
  const start = events[0];
  if (start?.type !== 'run-start') throw damaged(runId, `${file} does not begin with the run's run-start event`);
  const last = events.at(-1);
  let stoppedBy: ResumableRun['stoppedBy'] = 'killed';
  if (last?.type === 'run-end') {
    if (!resumableStops.has(last.stopReason)) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `Run ${runId} finished (${last.stopReason}): there is nothing to resume. massgen --continue "..." asks a follow-up in its session.`,
      });
    }
    stoppedBy = last.stopReason;
    events.pop();
  }
  return {
    runId,
    directory,
    task: start.task,
    strategy: start.strategy,
    agentIds: start.agents.map((agent) => agent.id),
    startedAt: start.time,
    events,
    stoppedBy,
    coordination: coordinationOf(
      events,
      start.agents.map((agent) => agent.id),
    ),
  };
}

/**
 * The answers, the votes that count (cast since the last answer, or left standing by it and by
 * the person's messages), the messages, and how far each agent had got, in the attempt under way
 * when the winner had restarted the orchestration.
 */
function coordinationOf(events: readonly RunEvent[], agentIds: readonly string[]): ResumedCoordination {
  let answers: ResumedCoordination['answers'] = [];
  let votes = new Map<string, ResumedCoordination['votes'][number]>();
  const freshProgress = () =>
    new Map(agentIds.map((agentId) => [agentId, { agentId, turnsStarted: 0, turnsCompleted: 0 }]));
  let progress = freshProgress();
  let round = 0;
  let orchestrationRestart: ResumedCoordination['orchestrationRestart'];
  const messages: NonNullable<ResumedCoordination['messages']> = [];
  let summaries: NonNullable<ResumedCoordination['summaries']> = [];
  let groups: NonNullable<ResumedCoordination['groups']> = [];
  for (const event of events) {
    switch (event.type) {
      case 'orchestration-restart': {
        // The attempt under way starts here: what came before it was cleared, except the person's messages.
        answers = [];
        votes = new Map();
        progress = freshProgress();
        round = 0;
        summaries = [];
        groups = [];
        const { agentId, attempt, maxAttempts, reason, instructions, previousAnswer } = event;
        orchestrationRestart = { agentId, attempt, maxAttempts, reason, instructions, previousAnswer };
        break;
      }
      case 'answer':
        answers.push({ agentId: event.agentId, label: event.label, content: event.content, round: event.round });
        // Votes of agents the answer is not shown to (a sparse topology) still stand.
        votes = new Map([...votes].filter(([voter]) => event.keptVotes?.includes(voter) === true));
        completed(progress, event.agentId, event.round);
        break;
      case 'vote':
        // A vote cast on answers that had changed before it arrived never counted; the voter's
        // standing vote, if it had one, is the one that still does.
        if (event.stale === true) {
          completed(progress, event.agentId, event.round);
          break;
        }
        votes.set(event.agentId, {
          agentId: event.agentId,
          targetLabel: event.targetLabel,
          reason: event.reason,
          ...(event.confidence === undefined ? {} : { confidence: event.confidence }),
          round: event.round,
        });
        completed(progress, event.agentId, event.round);
        break;
      case 'restart':
        // A restart of an agent that holds a vote (a new islands or tournament round) sets it aside.
        votes.delete(event.agentId);
        break;
      case 'agent-start': {
        const agent = progress.get(event.agentId);
        if (agent !== undefined) agent.turnsStarted = Math.max(agent.turnsStarted, event.round);
        break;
      }
      case 'round':
        round = Math.max(round, event.round);
        break;
      case 'groups':
        groups.push({ topology: event.topology, stage: event.stage, groups: event.groups });
        break;
      case 'answer-summary': {
        const { label, summary, answerWords, summaryWords, modelId } = event;
        summaries.push({ label, summary, answerWords, summaryWords, modelId });
        break;
      }
      case 'human-message':
        // A message that came too late reached nobody; the others stay in their agents' prompts.
        if (event.late === true) break;
        messages.push({ text: event.text, ...(event.to === undefined ? {} : { to: event.to }) });
        for (const voter of event.outdatedVotes ?? []) votes.delete(voter);
        break;
    }
  }
  return {
    answers,
    votes: [...votes.values()],
    agents: [...progress.values()],
    round,
    ...(orchestrationRestart === undefined ? {} : { orchestrationRestart }),
    ...(messages.length === 0 ? {} : { messages }),
    ...(groups.length === 0 ? {} : { groups }),
    ...(summaries.length === 0 ? {} : { summaries }),
  };
}

function completed(progress: Map<string, { turnsCompleted: number }>, agentId: string, round: number): void {
  const agent = progress.get(agentId);
  if (agent !== undefined) agent.turnsCompleted = Math.max(agent.turnsCompleted, round);
}

function damaged(runId: string, what: string): MassGenError {
  return new MassGenError({ code: 'CONFIG_INVALID', message: `Run ${runId} cannot be resumed: ${what}.` });
}
