/** The fixture the provider-tool CLI tests share: a team whose answers follow the provider's own tools. */
type Responder<Request, Reply> = (request: Request, context: { index: number }) => Reply | Promise<Reply>;

/**
 * A team whose answers come after a web search and a run of code on the provider's side:
 * `searched` adds the provider's tool uses, in its own wire shape, to every reply that answers.
 */
export function searchingTeam<Request, Reply>(
  team: Responder<Request, Reply>,
  answers: (reply: Reply) => boolean,
  searched: (reply: Reply) => Reply,
): Responder<Request, Reply> {
  return async (request, context) => {
    const reply = await team(request, context);
    return answers(reply) ? searched(reply) : reply;
  };
}

export const teamText = { answer: 'The tower is 330 m tall.', finalText: 'Final answer: 330 m.' };
export const officialSite = { url: 'https://www.toureiffel.paris/en', title: 'Official site' };
