export { appendOutput, currentTurn, emptyOutput, outputLimit, startTurn } from './agent-output.js';
export type { AgentOutput, OutputKind, OutputSegment } from './agent-output.js';
export {
  describeModel,
  describeSilence,
  describeSpend,
  describeState,
  describeWaitingOn,
  idleText,
  latestAnswerLabel,
  silences,
  spreadLine,
  stateSymbols,
  waitingOn,
} from './agent-summary.js';
export { initialDisplayState, reduceDisplayState } from './display-state.js';
export type { DisplayState } from './display-state.js';
export { formatCost, formatDuration, formatTokenCount, totalTokens } from './quantity-format.js';
export { initialRunStatus, recordedVote, reduceRunStatus } from './run-status.js';
export { summarizeRun } from './run-summary.js';
export type { RunSummary } from './run-summary.js';
export type { AgentState, AgentStatus, RecordedVote, RunStatus } from './run-status.js';
export { describePlanProgress, planLines, taskStatusMarks } from './task-plan-summary.js';
export { fitWidth, listNames, oneLine, tailLines, truncateEnd, truncateStart, wrapText } from './text-lines.js';
export { appendTimeline, timelineEntry, timelineLimit } from './timeline.js';
export type { TimelineEntry, TimelineKind } from './timeline.js';
export { addUsage } from './usage.js';
export { outdatedVotes, tallyRows } from './vote-tally.js';
export type { TallyRow } from './vote-tally.js';
export {
  countStates,
  countedStates,
  describeCounts,
  describeGrouping,
  describeLeaders,
  describeMembers,
  summarizeTeam,
  summarizesTeam,
  teamSummaryAbove,
} from './team-summary.js';
export type { GroupLeader, StateCounts, TeamGroup, TeamSummary } from './team-summary.js';
