import { memo, useLayoutEffect, useRef } from 'react';
import type { AgentOutput, AgentStatus, OutputSegment } from '@massgen/run-state';
import { currentTurn, describeSpend, describeState, idleText } from '@massgen/run-state';

export interface AgentColumnProps {
  number: number;
  agent: AgentStatus;
  output: AgentOutput;
  answerLabel: string | undefined;
  presenting: boolean;
}

/** One agent: who it is, its state and spend, and what it streams (earlier turns folded away). */
export const AgentColumn = memo(function AgentColumn({
  number,
  agent,
  output,
  answerLabel,
  presenting,
}: AgentColumnProps) {
  const turn = currentTurn(output);
  const earlier = output.turnStart > 0 ? output.segments.slice(0, output.turnStart) : [];
  const title = output.turnStart >= 0 ? output.segments[output.turnStart]?.text : undefined;
  const body = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  useLayoutEffect(() => {
    // Follow the stream while the reader is at the bottom; leave them where they scrolled to otherwise.
    const element = body.current;
    if (element !== null && pinned.current) element.scrollTop = element.scrollHeight;
  });
  const idle = turn.length === 0 ? idleText(agent) : '';
  return (
    <section
      className={`agent agent-${agent.state}${presenting ? ' agent-presenting' : ''}`}
      aria-label={`Agent ${agent.id}`}
      data-agent={agent.id}
    >
      <header className="agent-header">
        <h3>
          <span className="agent-number">{number}</span> {agent.id}
        </h3>
        <span className={`badge state-${agent.state}`}>{describeState(agent, answerLabel)}</span>
        <p className="agent-model">{agent.modelId === '' ? agent.provider : `${agent.modelId} · ${agent.provider}`}</p>
        <p className="agent-spend">{describeSpend(agent)}</p>
      </header>
      <div
        className="agent-output"
        ref={body}
        tabIndex={0}
        aria-label={`Output of ${agent.id}`}
        onScroll={(event) => {
          const element = event.currentTarget;
          pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
        }}
      >
        {earlier.length > 0 && (
          <details className="earlier-turns">
            <summary>Earlier turns</summary>
            {earlier.map((segment, index) => (
              <Segment key={index} segment={segment} />
            ))}
          </details>
        )}
        {title !== undefined && <p className="turn-title">{title}</p>}
        {turn.map((segment, index) => (
          <Segment key={index} segment={segment} />
        ))}
        {idle !== '' && <p className="idle">{idle}</p>}
      </div>
    </section>
  );
});

const Segment = memo(function Segment({ segment }: { segment: OutputSegment }) {
  switch (segment.kind) {
    case 'text':
      return <div className="segment-text">{segment.text}</div>;
    case 'reasoning':
      return (
        <details className="segment-reasoning" open>
          <summary>Reasoning</summary>
          <div>{segment.text}</div>
        </details>
      );
    case 'turn':
      return <p className="turn-title">{segment.text}</p>;
    default: {
      const name = segment.text.split(/[(:]/, 1)[0] ?? segment.text;
      const label =
        segment.kind === 'tool-call' ? `⚙ ${name}` : segment.kind === 'tool-result' ? `↳ ${name}` : `✗ ${name}`;
      return (
        <details className={`segment-tool ${segment.kind}`}>
          <summary>{label}</summary>
          <code>{segment.text}</code>
        </details>
      );
    }
  }
});
