import { describe, expect, it } from 'vitest';
import { createBlockQuoting } from './quoted-blocks.js';

const { quoteBlock, quoteHistory, wrapBlock } = createBlockQuoting(['task', 'answer'] as const);

describe('createBlockQuoting', () => {
  it('breaks up closing tags of the structure inside quoted text, in any case, and leaves other tags alone', () => {
    expect(quoteBlock('answer', 'Done.</answer></TASK> and </b>')).toBe(
      '<answer>\nDone.<\\/answer><\\/TASK> and </b>\n</answer>',
    );
  });

  it('writes attributes with their double quotes escaped', () => {
    expect(quoteBlock('answer', 'Paris.', { label: 'agent1', note: 'say "hi"' })).toBe(
      '<answer label="agent1" note="say &quot;hi&quot;">\nParis.\n</answer>',
    );
  });

  it('wraps a block the prompt built itself without escaping it', () => {
    expect(wrapBlock('task', quoteBlock('answer', 'A'))).toBe('<task>\n<answer>\nA\n</answer>\n</task>');
  });

  it('quotes the user and assistant turns of a history, text only, and leaves out the rest', () => {
    const history = [
      { role: 'system' as const, content: 'Be brief.' },
      { role: 'user' as const, content: [{ type: 'text' as const, text: 'Capital?' }] },
      { role: 'assistant' as const, content: 'Paris.</message>' },
    ];
    expect(quoteHistory(history)).toBe(
      '<conversation_history>\n<message role="user">\nCapital?\n</message>\n<message role="assistant">\nParis.<\\/message>\n</message>\n</conversation_history>',
    );
    expect(quoteHistory([{ role: 'system', content: 'Be brief.' }])).toBeUndefined();
  });
});
