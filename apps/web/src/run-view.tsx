import type { ReactNode } from 'react';
import type { DisplayState } from '@massgen/run-state';
import { emptyOutput, formatCost, formatDuration, latestAnswerLabel, tallyRows } from '@massgen/run-state';
import { AgentColumn } from './agent-column.js';
import { FinalAnswer } from './final-answer.js';
import { TimelineList } from './timeline-list.js';
import { VoteTallyChart } from './vote-tally-chart.js';

export interface RunViewProps {
  state: DisplayState;
  /** Buttons above the agents: answer now and cancel live, the player in a replay. */
  controls?: ReactNode;
  problems: readonly string[];
  onJump?: (seq: number) => void;
}

/** A run as the page shows it, live or replayed: the same state the terminal display folds. */
export function RunView({ state, controls, problems, onJump }: RunViewProps) {
  const { status } = state;
  const agents = state.agentIds.flatMap((id) => (status.agents[id] === undefined ? [] : [status.agents[id]]));
  const cost = agents.reduce((sum, agent) => sum + (agent.costUsd ?? 0), 0);
  const lastTime = state.endedAt ?? Date.parse(status.updatedAt);
  return (
    <article className="run" aria-busy={state.endedAt === undefined && state.startedAt !== 0}>
      <header className="run-header">
        <h1 className="run-task">{status.task === '' ? 'Waiting for the run to start…' : status.task}</h1>
        <p className="run-phase" role="status">
          <span className={`badge phase-${state.endedAt === undefined ? 'running' : (status.stopReason ?? 'error')}`}>
            {phase(state)}
          </span>{' '}
          {status.round > 0 && `round ${status.round} · `}
          {state.startedAt > 0 && `${formatDuration(lastTime - state.startedAt)} · `}
          {agents.length} {agents.length === 1 ? 'agent' : 'agents'}
          {cost > 0 && ` · ${formatCost(cost)}`}
          {status.strategy !== '' && ` · ${status.strategy}`}
        </p>
      </header>
      {problems.length > 0 && (
        <div className="problems" role="alert">
          {problems.map((problem, index) => (
            <p key={index}>{problem}</p>
          ))}
        </div>
      )}
      {controls}
      <div className="agents" style={{ ['--agent-count' as string]: Math.max(1, agents.length) }}>
        {agents.map((agent, index) => (
          <AgentColumn
            key={agent.id}
            number={index + 1}
            agent={agent}
            output={state.outputs[agent.id] ?? emptyOutput}
            answerLabel={latestAnswerLabel(status, agent.id)}
            presenting={state.presenterId === agent.id}
          />
        ))}
      </div>
      {state.finalText !== '' && (
        <FinalAnswer
          text={state.finalText}
          {...(state.presenterId === undefined ? {} : { presenter: state.presenterId })}
          done={state.endedAt !== undefined}
        />
      )}
      <div className="panels">
        <section aria-label="Votes" className="panel">
          <h2>Votes</h2>
          <VoteTallyChart rows={tallyRows(status)} />
        </section>
        <section aria-label="Timeline panel" className="panel">
          <h2>Timeline</h2>
          <TimelineList entries={state.timeline} {...(onJump === undefined ? {} : { onJump })} />
        </section>
      </div>
    </article>
  );
}

function phase(state: DisplayState): string {
  if (state.endedAt !== undefined) return `finished: ${state.status.stopReason ?? 'error'}`;
  if (state.cancelRequested) return 'cancelling';
  if (state.presenterId !== undefined) return `${state.presenterId} presents`;
  if (state.answerRequested) return 'answer requested';
  return state.startedAt === 0 ? 'starting' : 'coordinating';
}
