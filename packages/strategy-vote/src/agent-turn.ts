import { toMassGenError, turnPartEvent } from '@massgen/core';
import type {
  AgentHandle,
  AgentStreamPart,
  CoordinationEvent,
  FinishReason,
  SerializedError,
  ToolCall,
  TurnRequest,
} from '@massgen/core';
import { decideTurnOutcome } from './turn-outcome.js';
import type { TurnOutcome } from './turn-outcome.js';
import { isReviewToolName } from './restart-tools.js';
import { isOffered, isWorkflowToolName, newAnswerToolName } from './workflow-tools.js';
import type { OfferedTools } from './workflow-tools.js';

/** What a running turn reports to the coordination, through its queue. */
export type TurnInput =
  | { kind: 'part'; turn: AgentTurn; part: AgentStreamPart }
  | { kind: 'end'; turn: AgentTurn }
  /** The turn's time limit passed while it was still running. */
  | { kind: 'deadline'; turn: AgentTurn };

export type TurnReason = 'initial' | 'update' | 'retry' | 'restart';

export interface AgentTurnInit {
  agentId: string;
  /**
   * A presentation turn streams the final answer; a coordination turn ends with a workflow call;
   * a review turn (the winner judging its final answer) ends with `submit` or `restart_orchestration`.
   */
  purpose: 'coordination' | 'presentation' | 'review';
  /** The agent's turn number, which is also the round the turn belongs to. */
  round: number;
  attempt: number;
  reason: TurnReason;
  /** How many answers existed when the turn's prompt was built; later answers make it stale. */
  viewVersion: number;
  /** How many of the person's messages had come when the turn's prompt was built. */
  messageVersion?: number;
  offered: OfferedTools;
  /** Labels of the answers the turn's prompt showed (`agent2.1`), to name what a late vote was for. */
  shownAnswers?: readonly string[];
  /** Time the turn may run before a `deadline` input is reported; none when absent. */
  deadlineMs?: number;
  /** The short last attempt an agent gets after running past the round's time limit. */
  wrapUp?: boolean;
}

/** Keeps partial output sent back as feedback from crowding out the rest of the prompt. */
const partialOutputLimit = 4000;

/** One turn of one agent: its stream, its cancellation, and what it has produced so far. */
export class AgentTurn {
  readonly agentId: string;
  readonly purpose: AgentTurnInit['purpose'];
  readonly round: number;
  readonly attempt: number;
  readonly reason: TurnReason;
  readonly viewVersion: number;
  readonly messageVersion: number;
  readonly offered: OfferedTools;
  readonly shownAnswers: readonly string[];
  readonly deadlineMs: number | undefined;
  readonly wrapUp: boolean;
  private readonly controller = new AbortController();
  private deadline: ReturnType<typeof setTimeout> | undefined;
  private text = '';
  private readonly workflowCalls: ToolCall[] = [];
  private readonly unofferedCalls: string[] = [];
  private error: SerializedError | undefined;
  private finishReason: FinishReason | undefined;
  /** When the turn started or last heard from its agent (`performance.now()`), for the silence watch. */
  private activityAt = performance.now();
  /** Runtime tool calls made and not yet answered: the agent is waiting on a tool, not silent. */
  private toolsRunning = 0;
  /** The request waits for a slot under `max_concurrent_requests`: it has not reached its provider. */
  private slotWait = false;

  constructor(init: AgentTurnInit) {
    this.agentId = init.agentId;
    this.purpose = init.purpose;
    this.round = init.round;
    this.attempt = init.attempt;
    this.reason = init.reason;
    this.viewVersion = init.viewVersion;
    this.messageVersion = init.messageVersion ?? 0;
    this.offered = init.offered;
    this.shownAnswers = init.shownAnswers ?? [];
    this.deadlineMs = init.deadlineMs;
    this.wrapUp = init.wrapUp ?? false;
  }

  /** Requests the turn now and forwards its parts (and its deadline) to `push` as they arrive. */
  start(handle: AgentHandle, request: TurnRequest, push: (input: TurnInput) => void): void {
    this.activityAt = performance.now();
    if (this.deadlineMs !== undefined) {
      this.deadline = setTimeout(() => push({ kind: 'deadline', turn: this }), this.deadlineMs);
    }
    void this.pump(handle, request, push);
  }

  abort(): void {
    clearTimeout(this.deadline);
    this.controller.abort();
  }

  /**
   * Whether the turn has already called `new_answer`. Such a turn is not interrupted by newer
   * answers: its answer is complete and will be accepted, stale view or not.
   */
  get hasAnswerCall(): boolean {
    return this.workflowCalls.some((call) => call.name === newAnswerToolName);
  }

  get lastActivityAt(): number {
    return this.activityAt;
  }

  get waitingOnTool(): boolean {
    return this.toolsRunning > 0;
  }

  get waitingForSlot(): boolean {
    return this.slotWait;
  }

  /** The text streamed so far. */
  get output(): string {
    return this.text;
  }

  /** The calls that ended the turn (workflow calls, or a review's `submit` or `restart_orchestration`). */
  get endingCalls(): readonly ToolCall[] {
    return this.workflowCalls;
  }

  /** The first error the stream reported, if any. */
  get failure(): SerializedError | undefined {
    return this.error;
  }

  /** Takes in one part and returns the events it becomes. */
  record(part: AgentStreamPart): CoordinationEvent[] {
    this.activityAt = performance.now();
    switch (part.type) {
      case 'text-delta':
        this.text += part.text;
        break;
      case 'tool-call':
        // Only offered workflow tools end a turn, as in the runtime; any other call is the
        // runtime's to run (it answers an unoffered `vote` with an unknown-tool result).
        if (this.endsTurn(part.name)) {
          this.workflowCalls.push({ id: part.id, name: part.name, input: part.input });
          return [];
        }
        if (this.purpose === 'coordination' && isWorkflowToolName(part.name)) this.unofferedCalls.push(part.name);
        this.toolsRunning += 1;
        break;
      case 'tool-result':
        this.toolsRunning = Math.max(0, this.toolsRunning - 1);
        break;
      case 'finish':
        this.finishReason = part.reason;
        break;
      case 'error':
        this.error ??= part.error;
        break;
      case 'request-slot':
        this.slotWait = part.waiting;
        break;
    }
    const event = turnPartEvent(this.agentId, part, this.purpose === 'presentation' ? 'final-answer' : 'work');
    return event === undefined ? [] : [event];
  }

  private endsTurn(name: string): boolean {
    if (this.purpose === 'coordination') return isOffered(name, this.offered);
    return this.purpose === 'review' && isReviewToolName(name);
  }

  outcome(): TurnOutcome {
    return decideTurnOutcome({
      error: this.error,
      workflowCalls: this.workflowCalls,
      unofferedCalls: this.unofferedCalls,
      offered: this.offered,
      finishReason: this.finishReason,
    });
  }

  /** What the agent wrote and called, for the feedback of its next attempt. */
  partialOutput(): string {
    const calls = this.workflowCalls.map((call) => `[called ${call.name} with ${call.input}]`);
    const output = [this.text, ...calls].filter((piece) => piece !== '').join('\n');
    if (output.length <= partialOutputLimit) return output;
    return `${output.slice(0, partialOutputLimit)}\n[… ${output.length - partialOutputLimit} more characters left out]`;
  }

  private async pump(handle: AgentHandle, request: TurnRequest, push: (input: TurnInput) => void): Promise<void> {
    try {
      for await (const part of handle.turn(request, { signal: this.controller.signal })) {
        push({ kind: 'part', turn: this, part });
      }
    } catch (error) {
      // The contract says failures arrive as parts; a handle that throws anyway fails the same way.
      push({ kind: 'part', turn: this, part: { type: 'error', error: toMassGenError(error).toJSON() } });
    }
    clearTimeout(this.deadline);
    push({ kind: 'end', turn: this });
  }
}

/**
 * What still counts from a turn the coordination no longer follows (aborted, replaced or
 * finished): only its token usage, which was spent either way and feeds the run's budget.
 */
export function supersededTurnEvents(input: TurnInput): CoordinationEvent[] {
  if (input.kind !== 'part' || input.part.type !== 'usage') return [];
  return [{ type: 'usage', agentId: input.turn.agentId, usage: input.part.usage }];
}
