import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { api, ApiError } from './api-client.js';
import type { ConfigChoice } from './api-client.js';

const sourceNames: Record<ConfigChoice['source'], string> = {
  given: 'Given to massgen web',
  directory: 'In this directory',
  example: 'Bundled examples',
};

/** A question and a team to ask it; starting opens the run's live view. */
export function NewRunForm({ onStarted }: { onStarted: (runId: string) => void }) {
  const [configs, setConfigs] = useState<ConfigChoice[] | undefined>();
  const [configId, setConfigId] = useState('');
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    api.configs().then(
      (list) => {
        setConfigs(list);
        setConfigId(list[0]?.id ?? '');
      },
      (failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
  }, []);
  const chosen = configs?.find((config) => config.id === configId);
  const submit = async (event?: FormEvent): Promise<void> => {
    event?.preventDefault();
    setError(undefined);
    setStarting(true);
    try {
      onStarted((await api.start(configId, question)).runId);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setStarting(false);
    }
  };
  return (
    <form className="new-run" onSubmit={(event) => void submit(event)} aria-label="New run">
      <h2>Ask the team</h2>
      <label htmlFor="question">Question</label>
      <textarea
        id="question"
        rows={4}
        value={question}
        placeholder={chosen?.question ?? 'What should the agents work on?'}
        onChange={(event) => setQuestion(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
        }}
      />
      <div className="form-row">
        <label htmlFor="config">Team</label>
        <select id="config" value={configId} onChange={(event) => setConfigId(event.target.value)}>
          {(['given', 'directory', 'example'] as const).map((source) => {
            const group = (configs ?? []).filter((config) => config.source === source);
            return group.length === 0 ? null : (
              <optgroup key={source} label={sourceNames[source]}>
                {group.map((config) => (
                  <option key={config.id} value={config.id}>
                    {config.label}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
        {chosen?.question !== undefined && question === '' && (
          <button type="button" className="link" onClick={() => setQuestion(chosen.question ?? '')}>
            Use its example question
          </button>
        )}
        <button type="submit" disabled={starting || configId === '' || question.trim() === ''}>
          {starting ? 'Starting…' : 'Start run'}
        </button>
      </div>
      <p className="muted hint">Ctrl+Enter starts the run.</p>
      {configs?.length === 0 && <p className="muted">No configuration found: start massgen web with --config FILE.</p>}
      {error !== undefined && (
        <p className="problems" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
