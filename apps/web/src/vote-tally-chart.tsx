import type { TallyRow } from '@massgen/run-state';

/** The vote tally as horizontal bars: one per answer that has votes, the winner marked. */
export function VoteTallyChart({ rows }: { rows: readonly TallyRow[] }) {
  const most = Math.max(1, ...rows.map((row) => row.votes));
  if (rows.length === 0) return <p className="muted">No votes yet.</p>;
  return (
    <ul className="tally" aria-label="Vote tally">
      {rows.map((row) => (
        <li key={row.agentId} className={row.winner ? 'tally-winner' : undefined}>
          <span className="tally-label">
            {row.label} <span className="muted">({row.agentId})</span>
            {row.winner && <span className="badge state-done">winner</span>}
          </span>
          <svg className="tally-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect x="0" y="0" width={(row.votes / most) * 100} height="10" />
          </svg>
          <span className="tally-count">
            {row.votes} {row.votes === 1 ? 'vote' : 'votes'}
            {row.voters.length > 0 && <span className="muted"> from {row.voters.join(', ')}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
