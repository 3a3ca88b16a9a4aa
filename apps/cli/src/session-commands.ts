/** What the user typed at the interactive prompt. */
export type SessionInput =
  | { kind: 'empty' }
  | { kind: 'question'; text: string }
  | { kind: 'help' }
  | { kind: 'reset' }
  | { kind: 'status' }
  | { kind: 'quit' }
  | { kind: 'attach'; source: string }
  | { kind: 'detach' }
  | { kind: 'unknown'; command: string };

const commands: Record<string, 'help' | 'reset' | 'status' | 'quit' | 'detach'> = {
  '/help': 'help',
  '/?': 'help',
  '/reset': 'reset',
  '/clear': 'reset',
  '/status': 'status',
  '/quit': 'quit',
  '/exit': 'quit',
  '/detach': 'detach',
};

export const sessionHelp = `Commands:
  /help    show this help
  /reset   forget the conversation so far; the next question starts afresh
  /status  show the team, the turns so far and what they spent
  /attach PATH|URL  attach an image or file to the next question (/attach alone lists them)
  /detach  drop the attachments waiting for the next question
  /quit    end the session (Ctrl-D does too)
Anything else is a question for the team; earlier questions and answers go with it
(start it with // if the question itself begins with a slash).
While the team works: a answers now, 1-9 focuses an agent, q or Ctrl-C cancels the question.`;

export function parseSessionInput(line: string): SessionInput {
  const text = line.trim();
  if (text === '') return { kind: 'empty' };
  if (!text.startsWith('/')) return { kind: 'question', text };
  // `//` escapes a question that itself starts with a slash.
  if (text.startsWith('//')) return { kind: 'question', text: text.slice(1) };
  const [word = ''] = text.split(/\s+/);
  if (word.toLowerCase() === '/attach') return { kind: 'attach', source: text.slice(word.length).trim() };
  const kind = commands[word.toLowerCase()];
  if (kind === undefined) return { kind: 'unknown', command: word };
  return { kind };
}
