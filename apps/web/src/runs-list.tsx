import { useEffect, useState } from 'react';
import { formatCost, formatDuration } from '@massgen/run-state';
import { api, ApiError } from './api-client.js';
import type { ListedRun } from './api-client.js';

/** Every recorded run, newest first, searchable by question. */
export function RunsList() {
  const [runs, setRuns] = useState<ListedRun[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  useEffect(() => {
    const load = (): void => {
      api.runs().then(
        (list) => {
          setRuns(list);
          setError(undefined);
        },
        (failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)),
      );
    };
    load();
    // Runs started from a terminal appear without a reload.
    const timer = setInterval(load, 3000);
    return () => clearInterval(timer);
  }, []);
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = (runs ?? []).filter((run) => {
    const text = ('task' in run ? `${run.task} ${run.runId}` : run.runId).toLowerCase();
    return words.every((word) => text.includes(word));
  });
  return (
    <section className="runs" aria-label="Runs">
      <div className="runs-header">
        <h2>Runs</h2>
        <label className="search">
          <span className="visually-hidden">Search runs by question</span>
          <input
            type="search"
            placeholder="Search by question"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      </div>
      {error !== undefined && (
        <p className="problems" role="alert">
          {error}
        </p>
      )}
      {runs === undefined ? (
        <p className="muted">Loading…</p>
      ) : shown.length === 0 ? (
        <p className="muted">{runs.length === 0 ? 'No runs are recorded in .massgen/runs yet.' : 'No run matches.'}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">State</th>
              <th scope="col">Winner</th>
              <th scope="col">Cost</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((run) =>
              'problem' in run ? (
                <tr key={run.runId}>
                  <td>
                    <a href={`#/runs/${encodeURIComponent(run.runId)}`}>{run.runId}</a>
                  </td>
                  <td colSpan={4} className="muted">
                    unreadable: {run.problem}
                  </td>
                </tr>
              ) : (
                <tr key={run.runId}>
                  <td>
                    <a href={`#/runs/${encodeURIComponent(run.runId)}`} title={run.runId}>
                      {run.task === '' ? run.runId : run.task}
                    </a>
                  </td>
                  <td>
                    <span
                      className={`badge phase-${run.state === 'running' ? 'running' : (run.stopReason ?? 'error')}`}
                    >
                      {run.state === 'running' ? 'running' : (run.stopReason ?? 'ended')}
                    </span>
                  </td>
                  <td>{run.winnerAgentId ?? '–'}</td>
                  <td>{run.costUsd === undefined ? '–' : formatCost(run.costUsd)}</td>
                  <td>{formatDuration(run.durationMs)}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
