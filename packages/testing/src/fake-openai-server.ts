// Placeholder: replaced by the fake OpenAI-compatible server implementation.
export type FakeChatRequest = Record<string, unknown>;
export type FakeReply = Record<string, unknown>;
export type FakeOpenAIServerOptions = Record<string, unknown>;
export type FakeOpenAIServer = { url: string; close(): Promise<void> };
export function createFakeOpenAIServer(_options?: FakeOpenAIServerOptions): Promise<FakeOpenAIServer> {
  throw new Error('not implemented yet');
}
