import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createBackend as createGeminiBackend } from '@massgen/backend-gemini';
import { createBackend as createOpenAIBackend } from '@massgen/backend-openai';
import type { AgentWorkspace, Tool, ToolModelChoice, ToolModels, ToolResult } from '@massgen/core';
import { createMediaTools } from './media-tools.js';
import type { MediaSettings } from './media-settings.js';

/** A workspace directory of its own for one test, with the access an agent has to it. */
export async function temporaryWorkspace(): Promise<{
  directory: string;
  workspace: AgentWorkspace;
  remove(): Promise<void>;
}> {
  const directory = await realpath(await mkdtemp(path.join(os.tmpdir(), 'massgen-media-')));
  return {
    directory,
    workspace: { directory, roots: () => [{ path: directory, access: 'write' }], protectedPaths: () => [] },
    remove: () => rm(directory, { recursive: true, force: true }),
  };
}

/**
 * The models a run would give the tools, made from the real backend packages: the agent's own
 * backend is an OpenAI one at `openAIUrl`; a choice of `gemini` goes to `geminiUrl`.
 */
export function modelsAt(urls: { openai: string; gemini?: string }, asked: ToolModelChoice[] = []): ToolModels {
  return {
    open(agentId, choice = {}) {
      asked.push(choice);
      const type = choice.type ?? 'openai';
      const base = type === 'gemini' ? urls.gemini : urls.openai;
      const settings = {
        agentId,
        type,
        model: choice.model ?? (type === 'gemini' ? 'gemini-2.5-flash' : 'gpt-4.1'),
        options: { base_url: base, api_key: type === 'gemini' ? 'AIzaTestKey' : 'sk-test', ...choice.options },
        env: {},
        warn: () => undefined,
      };
      return Promise.resolve(type === 'gemini' ? createGeminiBackend(settings) : createOpenAIBackend(settings));
    },
  };
}

/** Calls one media tool as the runtime calls an agent's tool. */
export function callMediaTool(
  name: string,
  input: unknown,
  options: {
    settings?: MediaSettings;
    models: ToolModels;
    workspace: AgentWorkspace | undefined;
    signal?: AbortSignal;
  },
): Promise<ToolResult> {
  const tools: Tool[] = createMediaTools({
    agentId: 'seer',
    settings: options.settings ?? {},
    models: options.models,
    workspace: () => options.workspace,
  });
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no media tool ${name}`);
  return tool.execute(input, { agentId: 'seer', signal: options.signal ?? new AbortController().signal });
}
