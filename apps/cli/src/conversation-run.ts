import { runCoordination } from './run-command.js';
import type { RunCommandOptions, RunCommandOutcome } from './run-command.js';
import type { Conversation } from './session-conversation.js';
import { sessionClosingHint } from './closing-hint.js';

/** What a question's run needs besides its session: the session supplies the history, the listener and the footer. */
export type ConversationRunOptions = Omit<RunCommandOptions, 'history' | 'onEvent' | 'footer'>;

/** One question in its session: the earlier answered turns go with it, and its run is written down. */
export async function runInConversation(
  conversation: Conversation,
  options: ConversationRunOptions,
): Promise<RunCommandOutcome> {
  const outcome = await runCoordination({
    ...options,
    history: conversation.history(),
    onEvent: conversation.listener(options.question),
    footer: (result) =>
      conversation.id === undefined ? undefined : sessionClosingHint(conversation.id, result, options.io.cwd),
  });
  conversation.finish(outcome.result);
  return outcome;
}
