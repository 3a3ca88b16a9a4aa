import { useEffect, useState } from 'react';
import type { RunEvent } from '@massgen/core';
import { apiKey, keyNeededEvent, setApiKey } from './api-client.js';
import { NewRunForm } from './new-run-form.js';
import { Replayed, RunPage } from './run-page.js';
import { RunsList } from './runs-list.js';
import { ThemeSwitch } from './theme-switch.js';
import { useHashRoute } from './use-hash-route.js';

export function App({ embedded }: { embedded?: RunEvent[] }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <a className="brand" href={embedded === undefined ? '#/' : undefined}>
          MassGen
        </a>
        <nav aria-label="Settings">
          {embedded === undefined && <KeyButton />}
          <ThemeSwitch />
        </nav>
      </header>
      <main id="main">{embedded === undefined ? <Served /> : <Replayed events={embedded} problems={[]} />}</main>
    </>
  );
}

function Served() {
  const route = useHashRoute();
  if (route.page === 'run') return <RunPage key={route.runId} runId={route.runId} />;
  return (
    <div className="home">
      <NewRunForm onStarted={(runId) => (window.location.hash = `#/runs/${encodeURIComponent(runId)}`)} />
      <RunsList />
    </div>
  );
}

/** A server opened beyond loopback asks for its key (massgen web --api-key); shown once it has. */
function KeyButton() {
  const [hasKey, setHasKey] = useState(apiKey() !== undefined);
  const [needed, setNeeded] = useState(hasKey);
  useEffect(() => {
    const onNeeded = (): void => setNeeded(true);
    window.addEventListener(keyNeededEvent, onNeeded);
    return () => window.removeEventListener(keyNeededEvent, onNeeded);
  }, []);
  if (!needed) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const key = window.prompt('API key of this MassGen server (massgen web --api-key):');
        if (key === null) return;
        setApiKey(key.trim());
        setHasKey(true);
        window.location.reload();
      }}
    >
      {hasKey ? 'Change API key' : 'API key'}
    </button>
  );
}
