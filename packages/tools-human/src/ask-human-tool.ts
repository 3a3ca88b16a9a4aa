import type { AskHuman, Tool } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import { z } from 'zod';
import type { HumanInputSettings } from './human-settings.js';

export const askHumanToolName = 'ask_human';

/** When to ask, by `sensitivity`. */
const whenToAsk: Record<HumanInputSettings['sensitivity'], string> = {
  low: 'Ask only when you cannot go on without a decision that is the person’s to make; otherwise decide yourself and say what you assumed.',
  medium:
    'Ask when the task leaves open a choice the person should make (a preference, a constraint, missing facts only they know); decide small things yourself.',
  high: 'Ask whenever the task is ambiguous or you are about to choose between options the person may care about.',
};

/**
 * The tool an agent asks the person with. The reply comes back as its result; a question
 * nobody answers in time, one the person skips, and one asked where nobody can answer (no
 * terminal, a server) come back as "no reply", so the agent goes on and a run never hangs.
 */
export function askHumanTool(settings: HumanInputSettings, askHuman: AskHuman | undefined): Tool {
  const asked = new Map<string, number>();
  const seconds = Math.round(settings.timeoutMs / 1000);
  return defineTool({
    name: askHumanToolName,
    // Asking the person changes nothing; in planning mode it is how a plan gets its missing facts.
    readOnly: true,
    description: `Ask the person who gave you the task a question, and wait up to ${seconds} seconds for the reply. ${whenToAsk[settings.sensitivity]} Ask one clear question that can be answered in a sentence. If no reply comes, go on with your own judgement.`,
    inputSchema: z.strictObject({
      question: z.string().trim().min(1).max(2000).describe('The question, complete in itself.'),
    }),
    execute: async ({ question }, context) => {
      const count = (asked.get(context.agentId) ?? 0) + 1;
      if (count > settings.maxQuestionsPerAgent) {
        return {
          content: `You have asked ${settings.maxQuestionsPerAgent} questions, the most this run allows. Go on with your own judgement.`,
          isError: true,
        };
      }
      asked.set(context.agentId, count);
      if (askHuman === undefined)
        return 'No reply: nobody can answer questions in this run (it has no terminal to ask in). Go on with your own judgement and say what you assumed.';
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const reply = await askHuman(
        { agentId: context.agentId, question, timeoutMs: settings.timeoutMs },
        { signal: AbortSignal.any([context.signal, timeout]) },
      );
      if (reply !== undefined) return `The person replied: ${reply}`;
      return timeout.aborted
        ? `No reply: the person did not answer within ${seconds} seconds. Go on with your own judgement and say what you assumed.`
        : 'No reply: the person chose not to answer. Go on with your own judgement and say what you assumed.';
    },
  });
}
