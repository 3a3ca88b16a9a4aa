// What the coordination benchmarks share: a team of fake chat-completion agents, answers of
// about 120 words, and prompt sizes counted as the fake server counts usage.
import { parseConfig } from '@massgen/config';

/** An answer of about 120 words, so that prompts grow with every answer they quote. */
export const answerText = (model) =>
  `${model} recommends a managed container platform. ` +
  'Start with the current traffic of one hundred thousand requests a day, which fits a small always-on service with autoscaling. '.repeat(
    6,
  );

/** Four characters a token, as the fake server estimates usage. */
export const estimateTokens = (text) => Math.ceil(text.length / 4);

/** The prompt a request sent: its messages and the tools it offered. */
export function promptTokens(request) {
  const parts = request.messages.map((message) =>
    typeof message.content === 'string' ? message.content : JSON.stringify(message.content ?? ''),
  );
  if (request.tools.length > 0) parts.push(JSON.stringify(request.tools));
  return Math.max(1, estimateTokens(parts.join('\n')));
}

/** `size` agents `agent-<i>` on model `model-<i>` at `baseUrl`, with `orchestrator` YAML lines. */
export function teamConfig(size, orchestrator, baseUrl, directory) {
  const agents = Array.from(
    { length: size },
    (_, index) =>
      `  - id: agent-${index + 1}\n    backend:\n      type: chatcompletion\n      model: model-${index + 1}\n      base_url: "${baseUrl}"\n      api_key: bench-key\n`,
  ).join('');
  return parseConfig(`agents:\n${agents}orchestrator:\n${orchestrator}`, {
    baseDir: directory,
    cwd: directory,
    env: {},
  });
}
