import type { TimelineEntry } from '@massgen/run-state';
import { formatDuration } from '@massgen/run-state';

export interface TimelineListProps {
  entries: readonly TimelineEntry[];
  /** In a replay, choosing an entry jumps there. */
  onJump?: (seq: number) => void;
}

/** Answers, votes with their reasons, restarts, failures and the winner, newest last. */
export function TimelineList({ entries, onJump }: TimelineListProps) {
  if (entries.length === 0) return <p className="muted">Nothing has happened yet.</p>;
  return (
    <ol className="timeline" aria-label="Timeline">
      {entries.map((entry) => (
        <li key={entry.seq} className={`timeline-${entry.kind}`}>
          <span className="timeline-time">{formatDuration(entry.at)}</span>
          <span className={`badge kind-${entry.kind}`}>{entry.kind}</span>
          {onJump === undefined ? (
            <span className="timeline-text">{entry.text}</span>
          ) : (
            <button type="button" className="link timeline-text" onClick={() => onJump(entry.seq)}>
              {entry.text}
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}
