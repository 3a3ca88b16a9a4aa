import { bytesPart, samplePng } from '@massgen/testing';
import { expectMediaRefused } from '@massgen/testing/vitest';
import { describe, expect, it } from 'vitest';
import { convertToLlamaHistory } from './convert-to-llama-history.js';
import { createLocalBackend } from './local-backend.js';

describe('local backend, attachments', () => {
  it('refuses an image before loading any model: the chat history holds text only', async () => {
    const backend = createLocalBackend({
      agentId: 'agent-l',
      type: 'local',
      model: '/nonexistent/massgen/model.gguf',
      options: {},
      env: {},
      warn: () => undefined,
    });
    const image = bytesPart('image', 'image/png', samplePng(), 'square.png');
    const error = await expectMediaRefused(
      backend.stream({ messages: [{ role: 'user', content: [{ type: 'text', text: 'What is it?' }, image] }] }),
      'the local llama.cpp backend takes only text',
    );
    expect(error.agentId).toBe('agent-l');
  });

  it('writes a text file into the user turn, named', () => {
    const history = convertToLlamaHistory([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Summarise:' },
          bytesPart('file', 'text/markdown', Buffer.from('# Plan\nShip on Friday.'), 'plan.md'),
        ],
      },
    ]);
    expect(history[0]).toEqual({
      type: 'user',
      text: 'Summarise:\n\n<file name="plan.md" media_type="text/markdown">\n# Plan\nShip on Friday.\n</file>',
    });
  });
});
