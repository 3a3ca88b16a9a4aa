import type { BackendRequest, MediaPart } from '@massgen/core';
import { bytesPart, samplePng } from '@massgen/testing';
import { expectMediaRefused } from '@massgen/testing/vitest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClaudeCodeBackend } from './claude-code-backend.js';
import { collectParts, createClaudeCodeHarness, type ClaudeCodeHarness } from './claude-code-test-harness.js';

let harness: ClaudeCodeHarness;

beforeEach(async () => {
  harness = await createClaudeCodeHarness();
});

afterEach(async () => {
  await harness.close();
});

function ask(part: MediaPart): BackendRequest {
  return { messages: [{ role: 'user', content: [{ type: 'text', text: 'Read the attachment.' }, part] }] };
}

// The text-file case runs the real Claude Code CLI that @anthropic-ai/claude-agent-sdk bundles.
describe('the Claude Code backend with attachments', () => {
  it('puts a text file into the prompt the CLI sends', async () => {
    harness.server.setResponder(() => ({ type: 'text', text: 'Read it.' }));
    const notes = bytesPart('file', 'text/plain', Buffer.from('The launch is on Tuesday.'), 'notes.txt');
    const parts = await collectParts(createClaudeCodeBackend(harness.settings()).stream(ask(notes)));
    expect(parts.at(-1)).toMatchObject({ type: 'finish' });
    const sent = JSON.stringify(harness.server.requests.map((request) => request.messages));
    expect(sent).toContain('<file name=\\"notes.txt\\" media_type=\\"text/plain\\">\\nThe launch is on Tuesday.');
  });

  it('refuses an image before starting the CLI, naming the agent', async () => {
    const image = bytesPart('image', 'image/png', samplePng(), 'square.png');
    await expectMediaRefused(
      createClaudeCodeBackend(harness.settings()).stream(ask(image)),
      '"square.png" (image/png): Claude Code takes only text',
      harness.server,
    );
  });
});
