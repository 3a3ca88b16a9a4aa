import { MassGenError } from '@massgen/core';
import type { CoordinationEvent, SerializedError } from '@massgen/core';
import type { AgentTurn } from './agent-turn.js';
import type { AgentRecord, CoordinationState } from './coordination-state.js';
import { describeMs } from './describe-ms.js';

/** The watch's timer went off: something may be due. */
export type SilenceInput = { kind: 'silence' };

/** An agent silent this long is named; again at each doubling of its silence. */
export const silenceNoticeMs = 30_000;

/** What the watch found due at one look. */
export interface SilenceReview {
  /** `agent-silent` warnings for silences that just passed a notice threshold. */
  notices: CoordinationEvent[];
  /** Agents to drop: silent past the straggler timeout while the rest of the team waits on them. */
  stragglers: AgentRecord[];
}

interface NoticeState {
  /** The turn's activity time the notices count from; newer activity starts the count again. */
  activityAt: number;
  /** Silence at which the next notice is due. */
  nextNoticeMs: number;
}

/**
 * Watches the running turns for silence: a provider that accepted a request and then sends
 * nothing. It names a silent agent (at 30 s, then at each doubling), and once the rest of the
 * team is done (voted, or waiting for that agent's answer) it drops an agent silent for
 * `stragglerTimeoutMs`, so the team can conclude without it. One timer, re-armed for the next moment anything can be due, wakes the run.
 */
export class SilenceWatch {
  private readonly notices = new WeakMap<AgentTurn, NoticeState>();
  private readonly firstNoticeMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerDueAt = Number.POSITIVE_INFINITY;

  constructor(
    /** 0 waits for every agent. */
    private readonly stragglerTimeoutMs: number,
    private readonly push: (input: SilenceInput) => void,
    private readonly now: () => number = () => performance.now(),
  ) {
    // A short straggler timeout (a test, an impatient user) still gets a notice before the drop.
    this.firstNoticeMs = stragglerTimeoutMs > 0 ? Math.min(silenceNoticeMs, stragglerTimeoutMs / 2) : silenceNoticeMs;
  }

  review(state: CoordinationState): SilenceReview {
    const now = this.now();
    const running = state.live().filter((agent) => agent.turn !== undefined);
    const straggling = this.stragglerCountdown(state, running);
    // The team waits on the silent agents alone: a notice can say it will go on without them.
    const onlySilenceLeft =
      straggling && running.every((agent) => now - (agent.turn as AgentTurn).lastActivityAt >= this.firstNoticeMs);
    const notices: CoordinationEvent[] = [];
    let nextDueAt = Number.POSITIVE_INFINITY;
    for (const agent of running) {
      const turn = agent.turn as AgentTurn;
      if (turn.waitingOnTool || turn.waitingForSlot) continue;
      const notice = this.noticeState(turn);
      const silentMs = now - turn.lastActivityAt;
      if (silentMs >= notice.nextNoticeMs) {
        notices.push(this.notice(agent, silentMs, onlySilenceLeft));
        while (notice.nextNoticeMs <= silentMs) notice.nextNoticeMs *= 2;
      }
      nextDueAt = Math.min(nextDueAt, turn.lastActivityAt + notice.nextNoticeMs);
    }
    if (straggling) {
      const quietSince = Math.max(...running.map((agent) => (agent.turn as AgentTurn).lastActivityAt));
      const dropAt = quietSince + this.stragglerTimeoutMs;
      // The drop says it all: no notice about the same silence just before it.
      if (now >= dropAt) return { notices: notices.filter((notice) => !isAbout(notice, running)), stragglers: running };
      nextDueAt = Math.min(nextDueAt, dropAt);
    }
    this.arm(nextDueAt, now);
    return { notices, stragglers: [] };
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDueAt = Number.POSITIVE_INFINITY;
  }

  /** The failure a dropped straggler is reported with. */
  stragglerError(agent: AgentRecord): SerializedError {
    return new MassGenError({
      code: 'TIMEOUT',
      message: `Silent for ${describeMs(this.stragglerTimeoutMs)} while the rest of the team waited (timeout_settings.straggler_timeout_seconds; 0 waits for every agent)`,
      agentId: agent.id,
      provider: agent.handle.provider,
    }).toJSON();
  }

  /**
   * Whether the straggler rule applies: there is an answer to conclude with, no agent still
   * working has a tool running or waits for a request slot, and every other live agent is idle
   * (it has voted, or it waits for the first answers), so only the silent ones keep the team waiting.
   */
  private stragglerCountdown(state: CoordinationState, running: readonly AgentRecord[]): boolean {
    if (this.stragglerTimeoutMs === 0 || running.length === 0 || state.answersVersion === 0) return false;
    if (running.some((agent) => agent.turn?.waitingOnTool === true || agent.turn?.waitingForSlot === true))
      return false;
    return state.live().some((agent) => agent.turn === undefined);
  }

  private noticeState(turn: AgentTurn): NoticeState {
    const known = this.notices.get(turn);
    if (known !== undefined && known.activityAt === turn.lastActivityAt) return known;
    const fresh = { activityAt: turn.lastActivityAt, nextNoticeMs: this.firstNoticeMs };
    this.notices.set(turn, fresh);
    return fresh;
  }

  private notice(agent: AgentRecord, silentMs: number, straggling: boolean): CoordinationEvent {
    const silence = describeMs(silentMs >= 1000 ? Math.floor(silentMs / 1000) * 1000 : Math.round(silentMs));
    const consequence = straggling
      ? `; the rest of the team is done, so it concludes without ${agent.id} after ${describeMs(this.stragglerTimeoutMs)} of silence (timeout_settings.straggler_timeout_seconds)`
      : '';
    return {
      type: 'warning',
      warning: {
        code: 'agent-silent',
        agentId: agent.id,
        message: `${agent.id} has sent nothing for ${silence}${consequence}`,
      },
    };
  }

  private arm(dueAt: number, now: number): void {
    if (dueAt === Number.POSITIVE_INFINITY || dueAt >= this.timerDueAt) return;
    clearTimeout(this.timer);
    this.timerDueAt = dueAt;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerDueAt = Number.POSITIVE_INFINITY;
        this.push({ kind: 'silence' });
      },
      Math.max(0, dueAt - now),
    );
  }
}

function isAbout(notice: CoordinationEvent, agents: readonly AgentRecord[]): boolean {
  return notice.type === 'warning' && agents.some((agent) => agent.id === notice.warning.agentId);
}
