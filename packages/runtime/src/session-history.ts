import type { Message } from '@massgen/core';

/** Tokens of session history every agent's request carries at most, unless configured otherwise. */
export const defaultHistoryTokens = 8000;

/** How many of the dropped questions the note about them quotes. */
const quotedDroppedQuestions = 5;
const droppedQuestionWidth = 80;

/** A finished turn of a session: the question and the team's final answer. */
export interface HistoryTurn {
  question: string;
  finalAnswer?: string;
}

export interface SessionHistory {
  messages: Message[];
  /** Turns passed on whole. */
  kept: number;
  /** Older turns left out for the budget; a note lists their questions. */
  dropped: number;
  /** Whether the newest turn's answer had to be cut to fit. */
  truncated: boolean;
}

/**
 * A rough token count for budgeting (about four characters a token for English text): no
 * tokenizer fits every backend of a team, and the budget only has to be near.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * The conversation a session passes to its next question, within `maxTokens`. Turns without a
 * final answer (cancelled, failed) are left out. The newest turns go first and whole, until
 * the next one would not fit; the older ones are dropped, and one short note in their place
 * says how many and quotes the latest of their questions. The newest turn always goes: when
 * it alone is over the budget, its answer is cut to fit and says so.
 */
export function sessionHistory(
  turns: readonly HistoryTurn[],
  maxTokens: number = defaultHistoryTokens,
): SessionHistory {
  const answered = turns.filter(
    (turn): turn is Required<HistoryTurn> => turn.finalAnswer !== undefined && turn.finalAnswer.trim() !== '',
  );
  if (maxTokens <= 0 || answered.length === 0) {
    return { messages: [], kept: 0, dropped: answered.length, truncated: false };
  }
  const kept: Array<Required<HistoryTurn>> = [];
  let used = 0;
  let truncated = false;
  for (const turn of [...answered].reverse()) {
    const cost = estimateTokens(turn.question) + estimateTokens(turn.finalAnswer);
    if (used + cost <= maxTokens) {
      kept.unshift(turn);
      used += cost;
      continue;
    }
    if (kept.length === 0) {
      kept.unshift({
        question: turn.question,
        finalAnswer: cutToFit(turn.finalAnswer, maxTokens - estimateTokens(turn.question)),
      });
      truncated = true;
    }
    break;
  }
  const dropped = answered.slice(0, answered.length - kept.length);
  const messages: Message[] = dropped.length === 0 ? [] : [{ role: 'user', content: droppedNote(dropped) }];
  for (const turn of kept) {
    messages.push({ role: 'user', content: turn.question }, { role: 'assistant', content: turn.finalAnswer });
  }
  return { messages, kept: kept.length, dropped: dropped.length, truncated };
}

function cutToFit(text: string, tokens: number): string {
  const characters = Math.max(0, tokens) * 4;
  const cut = text.length - characters;
  return `${text.slice(0, characters)}\n[… ${cut} more characters left out to keep the session's history within its token budget]`;
}

function droppedNote(dropped: ReadonlyArray<Required<HistoryTurn>>): string {
  const quoted = dropped
    .slice(-quotedDroppedQuestions)
    .map((turn) => {
      const flat = turn.question.replace(/\s+/g, ' ').trim();
      return `"${flat.length > droppedQuestionWidth ? `${flat.slice(0, droppedQuestionWidth - 1)}…` : flat}"`;
    })
    .join('; ');
  const count = dropped.length === 1 ? 'one earlier question' : `${dropped.length} earlier questions`;
  return `(Earlier in this session, ${count} and ${dropped.length === 1 ? 'its answer were' : 'their answers were'} left out to keep the history short. ${dropped.length > quotedDroppedQuestions ? 'The latest of them' : 'They'}: ${quoted}.)`;
}
