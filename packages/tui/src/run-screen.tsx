import { Box } from 'ink';
import { AgentGrid } from './agent-grid.js';
import {
  emptyOutput,
  latestAnswerLabel,
  outdatedVotes,
  silences,
  summarizeTeam,
  summarizesTeam,
  tallyRows,
} from '@massgen/run-state';
import type { DisplayState } from '@massgen/run-state';
import { FinalAnswerView } from './final-answer-view.js';
import { FocusView } from './focus-view.js';
import { KeyHelp } from './key-help.js';
import { PromptLines, promptLineCount } from './prompt-line.js';
import type { Draft } from './prompt-line.js';
import type { ShownQuestion } from './question-board.js';
import { RunHeader } from './run-header.js';
import { planLayout } from './screen-layout.js';
import { TimelineView } from './timeline-view.js';
import { TeamSummaryView, teamSummaryLines } from './team-summary-view.js';
import { VoteTallyView } from './vote-tally-view.js';

/** How the display is shaped: the configuration's `display` keys. */
export interface ScreenOptions {
  showAgentCards: boolean;
  liveTimeline: boolean;
}

export interface RunScreenProps {
  state: DisplayState;
  width: number;
  height: number;
  options: ScreenOptions;
  /** 0-based index of the focused agent, or undefined for the overview. */
  focus: number | undefined;
  scroll: number;
  now: number;
  keysEnabled: boolean;
  /** `m` sends the agents a message. */
  messages?: boolean;
  /** What the person is typing, and the question waiting for it to end; the key help otherwise. */
  prompt?: { draft: Draft | undefined; waiting: ShownQuestion | undefined };
}

/** The whole screen for one moment of a run. Pure: everything it shows comes in through props. */
export function RunScreen({
  state,
  width,
  height,
  options,
  focus,
  scroll,
  now,
  keysEnabled,
  messages = false,
  prompt,
}: RunScreenProps) {
  const finished = state.status.state === 'finished';
  const draft = prompt?.draft;
  const team = summarizesTeam(state.agentIds.length) ? summarizeTeam(state.status) : undefined;
  const layout = planLayout({
    ...(team === undefined ? {} : { teamLines: teamSummaryLines(team, state.status, Math.max(20, width)) }),
    width,
    height,
    agentCount: state.agentIds.length,
    showCards: options.showAgentCards,
    showTimeline: options.liveTimeline,
    showFinal: state.finalText !== '' || state.presenterId !== undefined,
    extraFooterLines: promptLineCount(draft, prompt?.waiting !== undefined, Math.max(20, width)) - 1,
  });
  const focusedId = focus === undefined ? undefined : state.agentIds[focus];
  const focusedAgent = focusedId === undefined ? undefined : state.status.agents[focusedId];
  return (
    <Box flexDirection="column" width={layout.width}>
      <RunHeader state={state} now={now} />
      {focusedAgent !== undefined && focus !== undefined ? (
        <FocusView
          agent={focusedAgent}
          index={focus}
          output={state.outputs[focusedAgent.id] ?? emptyOutput}
          answerLabel={latestAnswerLabel(state.status, focusedAgent.id)}
          silentForMs={silences(state, now)[focusedAgent.id]}
          width={layout.width}
          lines={layout.focusLines}
          scroll={scroll}
        />
      ) : (
        <>
          {team === undefined ? null : (
            <TeamSummaryView
              summary={team}
              status={state.status}
              agentIds={state.agentIds}
              width={layout.width}
              lines={layout.teamLines}
            />
          )}
          <AgentGrid state={state} layout={layout.agents} width={layout.width} now={now} />
          <VoteTallyView
            rows={tallyRows(state.status)}
            answers={state.status.answers.length}
            outdated={outdatedVotes(state.status)}
          />
          {layout.timelineLines > 0 ? <TimelineView entries={state.timeline} lines={layout.timelineLines} /> : null}
          {layout.finalLines > 0 ? (
            <FinalAnswerView
              presenterId={state.presenterId}
              text={state.finalText}
              lines={layout.finalLines}
              width={layout.width}
              finished={finished}
            />
          ) : null}
        </>
      )}
      {draft === undefined ? (
        <KeyHelp
          agentCount={state.agentIds.length}
          focused={focusedAgent !== undefined}
          finished={finished}
          keysEnabled={keysEnabled}
          messages={messages}
        />
      ) : (
        <PromptLines draft={draft} waiting={prompt?.waiting} width={layout.width} />
      )}
    </Box>
  );
}
