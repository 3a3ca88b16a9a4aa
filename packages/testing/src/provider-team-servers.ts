import { createAnthropicTeamResponder } from './anthropic-team-responder.js';
import { createFakeAnthropicServer } from './fake-anthropic-server.js';
import type { FakeAnthropicServer } from './fake-anthropic-server-types.js';
import { createFakeGeminiServer } from './fake-gemini-server.js';
import type { FakeGeminiServer } from './fake-gemini-server-types.js';
import { createFakeOpenAIServer } from './fake-openai-server.js';
import type { FakeOpenAIServer } from './fake-openai-server-types.js';
import { createGeminiTeamResponder } from './gemini-team-responder.js';
import { createTeamResponder } from './team-responder.js';

/** One value for each of the three provider protocols a mixed team speaks. */
export interface PerProvider<Value> {
  openai: Value;
  anthropic: Value;
  gemini: Value;
}

export interface ProviderTeamServersOptions {
  /** The API key each fake server requires. */
  keys: PerProvider<string>;
  /** The answer every agent on that provider gives. */
  answers: PerProvider<string>;
  /** What the presenting agent says, whichever provider it is on. */
  finalText: string;
}

export interface ProviderTeamServers {
  readonly openai: FakeOpenAIServer;
  readonly anthropic: FakeAnthropicServer;
  readonly gemini: FakeGeminiServer;
  /** The environment that gives each provider its key, by the variables the backends read. */
  readonly env: Record<'OPENAI_API_KEY' | 'ANTHROPIC_API_KEY' | 'GEMINI_API_KEY', string>;
  close(): Promise<void>;
}

/**
 * A fake OpenAI, Anthropic and Gemini server, each playing a whole team over its own wire
 * protocol, for tests of teams that mix providers.
 */
export async function createProviderTeamServers(options: ProviderTeamServersOptions): Promise<ProviderTeamServers> {
  const { keys, answers, finalText } = options;
  const [openai, anthropic, gemini] = await Promise.all([
    createFakeOpenAIServer({
      apiKey: keys.openai,
      responder: createTeamResponder({ answer: answers.openai, finalText }),
    }),
    createFakeAnthropicServer({
      apiKey: keys.anthropic,
      responder: createAnthropicTeamResponder({ answer: answers.anthropic, finalText }),
    }),
    createFakeGeminiServer({
      apiKey: keys.gemini,
      responder: createGeminiTeamResponder({ answer: answers.gemini, finalText }),
    }),
  ]);
  return {
    openai,
    anthropic,
    gemini,
    env: { OPENAI_API_KEY: keys.openai, ANTHROPIC_API_KEY: keys.anthropic, GEMINI_API_KEY: keys.gemini },
    close: async () => {
      await Promise.all([openai.close(), anthropic.close(), gemini.close()]);
    },
  };
}
