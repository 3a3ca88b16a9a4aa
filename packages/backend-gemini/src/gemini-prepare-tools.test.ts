import { describe, expect, it } from 'vitest';
import { prepareGeminiTools } from './gemini-prepare-tools.js';

const tool = {
  name: 'vote',
  description: 'Vote.',
  inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', additionalProperties: false },
};
const declared = {
  functionDeclarations: [{ name: 'vote', description: 'Vote.', parametersJsonSchema: tool.inputSchema }],
};
const both = { googleSearch: true, codeExecution: true };

describe('prepareGeminiTools', () => {
  it('declares the tools with their JSON Schema as is', () => {
    expect(prepareGeminiTools([tool], undefined)).toEqual({ tools: [declared], warnings: [] });
  });

  it.each([
    ['auto', 'AUTO'],
    ['required', 'ANY'],
    ['none', 'NONE'],
  ] as const)('maps toolChoice %s to mode %s', (choice, mode) => {
    expect(prepareGeminiTools([tool], choice).toolConfig).toEqual({ functionCallingConfig: { mode } });
  });

  it('sends neither tools nor a mode without tools', () => {
    expect(prepareGeminiTools([], 'required')).toEqual({ warnings: [] });
    expect(prepareGeminiTools(undefined, 'auto')).toEqual({ warnings: [] });
  });

  it('offers Google Search and code execution beside the functions of Gemini 3, asking for the server tool invocations', () => {
    expect(prepareGeminiTools([tool], 'required', 'gemini-3-flash-preview', both)).toEqual({
      tools: [declared, { googleSearch: {} }, { codeExecution: {} }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' }, includeServerSideToolInvocations: true },
      warnings: [],
    });
  });

  it('offers them alone on a call without functions, for any model', () => {
    expect(prepareGeminiTools(undefined, undefined, 'gemini-2.5-flash', both)).toEqual({
      tools: [{ googleSearch: {} }, { codeExecution: {} }],
      warnings: [],
    });
  });

  it('keeps them off a call with functions before Gemini 3, which refuses the mix, and says so', () => {
    const prepared = prepareGeminiTools([tool], 'auto', 'gemini-2.5-flash', {
      googleSearch: true,
      codeExecution: false,
    });
    expect(prepared.tools).toEqual([declared]);
    expect(prepared.toolConfig).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(prepared.warnings).toEqual([
      expect.objectContaining({ code: 'unsupported-feature', path: 'backend.enable_web_search' }),
    ]);
    expect(prepared.warnings[0]?.message).toContain('gemini-2.5-flash cannot use');
  });
});
