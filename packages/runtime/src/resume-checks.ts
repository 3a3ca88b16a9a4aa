import { MassGenError } from '@massgen/core';
import type { Strategy, Warning } from '@massgen/core';
import type { MassGenConfig } from '@massgen/config';
import type { ResumableRun } from './resumable-run.js';

/** A resumed run needs its record, a strategy that can go on, and the team it started with. */
export function assertResumable(
  resume: ResumableRun,
  config: MassGenConfig,
  strategy: Strategy,
  record: false | { root: string } | undefined,
): void {
  if (record === false) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Run ${resume.runId} goes on in its record, so it cannot be resumed without one (record: false).`,
    });
  }
  const team = config.agents.map((agent) => agent.id);
  if (team.join('\n') !== resume.agentIds.join('\n')) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Run ${resume.runId} was started by agents ${resume.agentIds.join(', ')}; this configuration has ${team.join(', ')}. Resume it with the team it started with.`,
    });
  }
  if (strategy.resumable !== true) {
    throw new MassGenError({
      code: 'CONFIG_INVALID',
      message: `Run ${resume.runId} cannot be resumed: the "${strategy.name}" strategy does not support resuming.`,
    });
  }
}

/** The event a resumed run publishes where a new run would publish its start. */
export function resumedWarning(resume: ResumableRun): Warning {
  const { answers, votes } = resume.coordination;
  const stopped = resume.stoppedBy === 'killed' ? 'its process died' : `it stopped (${resume.stoppedBy})`;
  return {
    code: 'run-resumed',
    message: `Resumed after ${stopped}: ${answers.length} answer${answers.length === 1 ? '' : 's'} and ${votes.length} valid vote${votes.length === 1 ? '' : 's'} kept; the agents go on from them.`,
  };
}
