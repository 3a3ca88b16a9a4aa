import { describe, expect, it } from 'vitest';
import { prepareGeminiTools } from './gemini-prepare-tools.js';

const tool = {
  name: 'vote',
  description: 'Vote.',
  inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', additionalProperties: false },
};

describe('prepareGeminiTools', () => {
  it('declares the tools with their JSON Schema as is', () => {
    expect(prepareGeminiTools([tool], undefined)).toEqual({
      tools: [
        { functionDeclarations: [{ name: 'vote', description: 'Vote.', parametersJsonSchema: tool.inputSchema }] },
      ],
    });
  });

  it.each([
    ['auto', 'AUTO'],
    ['required', 'ANY'],
    ['none', 'NONE'],
  ] as const)('maps toolChoice %s to mode %s', (choice, mode) => {
    expect(prepareGeminiTools([tool], choice).toolConfig).toEqual({ functionCallingConfig: { mode } });
  });

  it('sends neither tools nor a mode without tools', () => {
    expect(prepareGeminiTools([], 'required')).toEqual({});
    expect(prepareGeminiTools(undefined, 'auto')).toEqual({});
  });
});
