import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { RunEvent } from '@massgen/core';
import { api, ApiError } from './api-client.js';
import type { ListedRun } from './api-client.js';
import { ReplayControls } from './replay-controls.js';
import { RunView } from './run-view.js';
import { useLiveRun } from './use-live-run.js';
import { useReplay } from './use-replay.js';

/**
 * A run by id: followed live while it runs (started here, or from a terminal), replayed from its
 * record once it has ended.
 */
export function RunPage({ runId }: { runId: string }) {
  const [summary, setSummary] = useState<ListedRun | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setSummary(undefined);
    setError(undefined);
    api.run(runId).then(setSummary, (failure: unknown) => {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    });
  }, [runId]);
  if (error !== undefined)
    return (
      <div className="problems" role="alert">
        <p>{error}</p>
        <p>
          <a href="#/">Back to the runs</a>
        </p>
      </div>
    );
  if (summary === undefined) return <p className="muted">Loading run {runId}…</p>;
  if ('problem' in summary)
    return (
      <div className="problems" role="alert">
        <p>
          Run {runId} cannot be shown: {summary.problem}.
        </p>
      </div>
    );
  return summary.state === 'running' ? (
    <LiveRun runId={runId} controllable={summary.controllable} />
  ) : (
    <RecordedRun runId={runId} />
  );
}

function LiveRun({ runId, controllable }: { runId: string; controllable: boolean }) {
  const live = useLiveRun(runId);
  const [requested, setRequested] = useState<'answer-now' | 'cancel' | undefined>();
  const [controlError, setControlError] = useState<string | undefined>();
  const ended = live.state.endedAt !== undefined;
  const send = (action: 'answer-now' | 'cancel'): void => {
    setRequested(action);
    api.control(runId, action).catch((failure: unknown) => {
      setControlError(failure instanceof ApiError ? failure.message : String(failure));
    });
  };
  useEffect(() => {
    if (!controllable || ended) return;
    // The terminal's keys: a asks for an answer now, q cancels.
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey || target?.closest('input, textarea, select') !== null) return;
      if (event.key === 'a') send('answer-now');
      if (event.key === 'q') send('cancel');
      if (event.key === 'm') {
        // The terminal's m: type a message to the agents.
        event.preventDefault();
        document.getElementById('message-to-agents')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const problems = [
    ...live.problems,
    ...(controlError === undefined ? [] : [controlError]),
    ...(live.reconnecting ? ['The connection to the server dropped; reconnecting…'] : []),
  ];
  const controls = (
    <div className="controls" role="group" aria-label="Run controls">
      {controllable ? (
        <>
          <button type="button" disabled={ended || requested !== undefined} onClick={() => send('answer-now')}>
            Answer now <kbd>a</kbd>
          </button>
          <button
            type="button"
            className="danger"
            disabled={ended || requested === 'cancel'}
            onClick={() => send('cancel')}
          >
            Cancel <kbd>q</kbd>
          </button>
          {requested === 'answer-now' && !ended && (
            <span className="muted">Answer requested: the leader presents.</span>
          )}
          {requested === 'cancel' && !ended && <span className="muted">Cancelling…</span>}
          {!ended && <MessageForm runId={runId} agentIds={live.state.agentIds} onError={setControlError} />}
        </>
      ) : (
        <span className="muted">
          Started from a terminal: watch it here, steer it there (a answers now, m messages the agents, q cancels).
        </span>
      )}
    </div>
  );
  return <RunView state={live.state} controls={controls} problems={problems} />;
}

/** The terminal's m: a message to every agent or one, which each sees at its next turn. */
function MessageForm({
  runId,
  agentIds,
  onError,
}: {
  runId: string;
  agentIds: readonly string[];
  onError: (message: string) => void;
}) {
  const [text, setText] = useState('');
  const [agent, setAgent] = useState('');
  const [sent, setSent] = useState<string | undefined>();
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const content = text.trim();
    if (content === '') return;
    api.message(runId, content, agent === '' ? undefined : agent).then(
      (accepted) => {
        setText('');
        setSent(`Sent to ${accepted.to.join(', ')}: they see it at their next turn.`);
      },
      (failure: unknown) => onError(failure instanceof ApiError ? failure.message : String(failure)),
    );
  };
  return (
    <form className="message-form" onSubmit={submit}>
      <input
        id="message-to-agents"
        aria-label="Message to the agents"
        placeholder="Message to the agents (m)"
        value={text}
        maxLength={20000}
        onChange={(event) => setText(event.target.value)}
      />
      <select aria-label="Message to" value={agent} onChange={(event) => setAgent(event.target.value)}>
        <option value="">all agents</option>
        {agentIds.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
      <button type="submit" disabled={text.trim() === ''}>
        Send
      </button>
      {sent !== undefined && <span className="muted">{sent}</span>}
    </form>
  );
}

function RecordedRun({ runId }: { runId: string }) {
  const recorded = useLiveRun(runId);
  if (!recorded.complete) return <p className="muted">Reading the record of {runId}…</p>;
  return <Replayed events={recorded.events} problems={recorded.problems} />;
}

/** A recorded run played back; an exported file shows its embedded run with this too. */
export function Replayed({ events, problems }: { events: readonly RunEvent[]; problems: readonly string[] }) {
  const replay = useReplay(events, true);
  return (
    <RunView
      state={replay.state}
      controls={<ReplayControls replay={replay} total={events.length} />}
      problems={problems}
      onJump={(seq) => replay.jump(events.findIndex((event) => event.seq === seq) + 1)}
    />
  );
}
