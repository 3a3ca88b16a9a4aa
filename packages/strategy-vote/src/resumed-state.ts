import { MassGenError } from '@massgen/core';
import type { ResumedCoordination } from '@massgen/core';
import type { AgentRecord, Answer, CoordinationState } from './coordination-state.js';

const resumeReason = 'the run was resumed from its record';

/**
 * Puts a resumed run's answers and valid votes back into the state, as they were when it
 * stopped, and sets every agent's next turn: an agent holding a valid vote waits as it did;
 * one whose turn was cut off takes it again in the same round; the others begin their next
 * turn on the current answers. Returns the restored answers, in order.
 */
export function restoreCoordination(state: CoordinationState, resume: ResumedCoordination): Answer[] {
  const restored = resume.answers.map((recorded) => {
    const { answer } = state.acceptAnswer(agentOf(state, recorded.agentId), recorded.content, recorded.round);
    if (answer.label !== recorded.label) {
      throw new MassGenError({
        code: 'CONFIG_INVALID',
        message: `The record's answer ${recorded.label} by "${recorded.agentId}" would be ${answer.label} in this team: the agents are not the ones the run started with, in the same order.`,
      });
    }
    return answer;
  });
  for (const progress of resume.agents) {
    const agent = agentOf(state, progress.agentId);
    agent.turnsStarted = progress.turnsStarted;
    agent.turnsCompleted = progress.turnsCompleted;
  }
  for (const vote of resume.votes) {
    const targetAgentLabel = vote.targetLabel.split('.')[0] ?? '';
    const target = state.agents.find((agent) => agent.label === targetAgentLabel);
    // A vote for an answer that is no longer current was stale when the run stopped.
    if (target?.currentAnswer?.label !== vote.targetLabel) continue;
    state.castVote(agentOf(state, vote.agentId), targetAgentLabel, vote.reason, vote.confidence, vote.round);
  }
  state.round = resume.round;
  for (const message of resume.messages ?? [])
    state.messages.push({
      text: message.text,
      ...(message.to === undefined ? {} : { to: message.to }),
      sequence: state.messages.length + 1,
    });
  for (const agent of state.agents) agent.pending = nextTurn(agent);
  return restored;
}

function nextTurn(agent: AgentRecord): AgentRecord['pending'] {
  if (agent.vote !== undefined) return undefined;
  if (agent.turnsStarted === 0) return { reason: 'initial', attempt: 1 };
  return {
    reason: 'restart',
    attempt: 1,
    restartReason: resumeReason,
    ...(agent.turnsStarted > agent.turnsCompleted ? { continuesRound: true } : {}),
  };
}

function agentOf(state: CoordinationState, agentId: string): AgentRecord {
  const agent = state.agentById(agentId);
  if (agent === undefined) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `The record has turns of agent "${agentId}", which this team does not have: resume the run with the team it started with.`,
    });
  }
  return agent;
}
