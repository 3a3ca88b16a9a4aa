export {
  appendOutput,
  currentTurn,
  emptyOutput,
  outputLimit,
  startTurn,
  type AgentOutput,
  type OutputKind,
  type OutputSegment,
} from './agent-output.js';
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
export { initialDisplayState, reduceDisplayState, type DisplayState } from './display-state.js';
export { formatCost, formatDuration, formatTokenCount, totalTokens } from './quantity-format.js';
export {
  initialRunStatus,
  recordedVote,
  reduceRunStatus,
  type AgentState,
  type AgentStatus,
  type RecordedVote,
  type RunStatus,
} from './run-status.js';
export { summarizeRun, type RunSummary } from './run-summary.js';
export { describePlanProgress, planLines, taskStatusMarks } from './task-plan-summary.js';
export { fitWidth, listNames, oneLine, tailLines, truncateEnd, truncateStart, wrapText } from './text-lines.js';
export { appendTimeline, timelineEntry, timelineLimit, type TimelineEntry, type TimelineKind } from './timeline.js';
export { addUsage } from './usage.js';
export { outdatedVotes, tallyRows, type TallyRow } from './vote-tally.js';
export {
  countedStates,
  describeCounts,
  describeGrouping,
  describeLeaders,
  describeMembers,
} from './team-summary-text.js';
export {
  countStates,
  summarizeTeam,
  summarizesTeam,
  teamSummaryAbove,
  type GroupLeader,
  type StateCounts,
  type TeamGroup,
  type TeamSummary,
} from './team-summary.js';
