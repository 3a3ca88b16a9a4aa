import type { RunSummary } from '@massgen/run-state';

/** A configuration the server offers to start a run with. */
export interface ConfigChoice {
  id: string;
  label: string;
  source: 'given' | 'directory' | 'example';
  question?: string;
}

/** A run as the runs list shows it; a record that cannot be read says why instead. */
export type ListedRun = (RunSummary & { controllable: boolean }) | { runId: string; problem: string };

/** An answer from the server that is not a success, with the server's own words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

const keyStorage = 'massgen-api-key';
/** Sent on the window when the server refuses a request for want of its key. */
export const keyNeededEvent = 'massgen-key-needed';

/** The key a server opened beyond loopback asks for; kept for this browser tab only. */
export function apiKey(): string | undefined {
  return sessionStorage.getItem(keyStorage) ?? undefined;
}

export function setApiKey(key: string): void {
  sessionStorage.setItem(keyStorage, key);
}

export function authorization(): Record<string, string> {
  const key = apiKey();
  return key === undefined ? {} : { authorization: `Bearer ${key}` };
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers: { ...authorization(), ...init.headers } });
  } catch {
    throw new ApiError(0, 'The MassGen server cannot be reached. Is massgen web still running?', 'unreachable');
  }
  const body = (await response.json().catch(() => undefined)) as
    { error?: { message?: string; code?: string | null } } | undefined;
  // The page learns only this way that the server was opened with --api-key.
  if (response.status === 401) window.dispatchEvent(new Event(keyNeededEvent));
  if (!response.ok)
    throw new ApiError(
      response.status,
      body?.error?.message ?? `The server answered ${response.status}.`,
      body?.error?.code ?? null,
    );
  return body as T;
}

export const api = {
  configs: () => request<{ configs: ConfigChoice[] }>('api/configs').then((body) => body.configs),
  runs: () => request<{ runs: ListedRun[] }>('api/runs').then((body) => body.runs),
  run: (runId: string) => request<ListedRun>(`api/runs/${encodeURIComponent(runId)}`),
  start: (configId: string, question: string) =>
    request<{ runId: string }>('api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ configId, question }),
    }),
  /** A message to the run's agents (every agent without `agent`), at their next turn. */
  message: (runId: string, content: string, agent?: string) =>
    request<{ to: string[] }>(`api/runs/${encodeURIComponent(runId)}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content, ...(agent === undefined ? {} : { agent }) }),
    }),
  control: (runId: string, action: 'answer-now' | 'cancel') =>
    request<unknown>(`api/runs/${encodeURIComponent(runId)}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
};
