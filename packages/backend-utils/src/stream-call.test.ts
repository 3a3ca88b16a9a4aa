import { describe, expect, it } from 'vitest';
import { MassGenError } from '@massgen/core';
import type { BackendRequest, BackendSettings, StreamPart, Warning } from '@massgen/core';
import type { MediaSupport } from './media-support.js';
import { streamCall, type CallProgress, type StreamCallPlan } from './stream-call.js';

const settings: BackendSettings = {
  agentId: 'alice',
  type: 'acme',
  model: 'acme-1',
  options: {},
  env: {},
  warn: () => {},
};

const mediaSupport: MediaSupport = { apiName: "Acme's API", mediaTypes: ['image/png'], urlMediaTypes: [] };

const question: BackendRequest = { messages: [{ role: 'user', content: 'Hello?' }] };

interface Connection {
  key: string;
}

/** A plan whose steps are recorded, with `overrides` standing in for the steps a test changes. */
function recordingPlan(overrides: Partial<StreamCallPlan<Connection, string>> = {}) {
  const steps: string[] = [];
  const failures: Array<{ error: unknown; progress: CallProgress<Connection> }> = [];
  const plan: StreamCallPlan<Connection, string> = {
    mediaSupport,
    connect: () => {
      steps.push('connect');
      return Promise.resolve({ key: 'k' });
    },
    build: (request) => {
      steps.push('build');
      return { body: JSON.stringify(request.messages), warnings: [] };
    },
    async *respond(call): AsyncGenerator<StreamPart> {
      steps.push(`respond ${call.body}`);
      call.streaming();
      yield { type: 'text-delta', text: 'Hi' };
      yield { type: 'finish', reason: 'stop' };
    },
    failure: (error, progress) => {
      failures.push({ error, progress: { ...progress } });
      return new MassGenError({ code: 'BACKEND_SERVER', message: `failed: ${String(error)}`, agentId: 'alice' });
    },
    ...overrides,
  };
  return { plan, steps, failures };
}

async function partsOf(plan: StreamCallPlan<Connection, string>, request = question, signal?: AbortSignal) {
  const parts: StreamPart[] = [];
  for await (const part of streamCall(settings, 'acme-1', plan)(request, signal === undefined ? {} : { signal }))
    parts.push(part);
  return parts;
}

describe('streamCall', () => {
  it('connects, builds the request from the prepared messages and streams the response', async () => {
    const { plan, steps, failures } = recordingPlan();
    expect(await partsOf(plan)).toEqual([
      { type: 'text-delta', text: 'Hi' },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(steps).toEqual(['connect', 'build', `respond ${JSON.stringify(question.messages)}`]);
    expect(failures).toEqual([]);
  });

  it('passes on the warnings the plan keeps, each with the agent named, before the response', async () => {
    const warnings: Warning[] = [
      { code: 'UNSUPPORTED_SETTING', message: 'seed is not sent' },
      { code: 'UNSUPPORTED_SETTING', message: 'stop is not sent' },
    ];
    const { plan } = recordingPlan({
      build: () => ({ body: '{}', warnings }),
      keepWarning: (warning) => warning.message.startsWith('seed'),
    });
    const parts = await partsOf(plan);
    expect(parts[0]).toEqual({
      type: 'warning',
      warning: { code: 'UNSUPPORTED_SETTING', message: 'seed is not sent', agentId: 'alice' },
    });
    expect(parts.filter((part) => part.type === 'warning')).toHaveLength(1);
  });

  it('refuses media the API does not take before connecting', async () => {
    const { plan, steps, failures } = recordingPlan();
    const withAudio: BackendRequest = {
      messages: [
        {
          role: 'user',
          content: [{ type: 'audio', mediaType: 'audio/wav', data: { type: 'bytes', bytes: new Uint8Array([1]) } }],
        },
      ],
    };
    const parts = await partsOf(plan, withAudio);
    expect(steps).toEqual([]);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.progress).toEqual({ phase: 'request', connection: undefined, signal: undefined });
    expect(parts).toEqual([{ type: 'error', error: expect.objectContaining({ code: 'BACKEND_SERVER' }) }]);
  });

  it('sends nothing once the caller has cancelled, and ends with the one error part', async () => {
    const { plan, steps, failures } = recordingPlan();
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    const parts = await partsOf(plan, question, controller.signal);
    expect(steps).toEqual(['connect', 'build']);
    expect(failures.map(({ error }) => String(error))).toEqual(['Error: cancelled by the user']);
    expect(failures[0]?.progress).toMatchObject({ phase: 'request', connection: { key: 'k' } });
    expect(parts).toEqual([
      { type: 'error', error: expect.objectContaining({ message: expect.stringContaining('cancelled') }) },
    ]);
  });

  it('tells a refused request from a broken stream by whether the response had begun', async () => {
    const refused = recordingPlan({
      respond: () => {
        throw new Error('401');
      },
    });
    const broken = recordingPlan({
      async *respond(call): AsyncGenerator<StreamPart> {
        call.streaming();
        yield { type: 'text-delta', text: 'Par' };
        throw new Error('socket hang up');
      },
    });
    expect(await partsOf(refused.plan)).toEqual([
      { type: 'error', error: expect.objectContaining({ message: 'failed: Error: 401' }) },
    ]);
    expect(refused.failures[0]?.progress.phase).toBe('request');
    expect(await partsOf(broken.plan)).toEqual([
      { type: 'text-delta', text: 'Par' },
      { type: 'error', error: expect.objectContaining({ message: 'failed: Error: socket hang up' }) },
    ]);
    expect(broken.failures[0]?.progress).toMatchObject({ phase: 'stream', connection: { key: 'k' } });
  });
});
