/** The fixture the provider-tool CLI tests share: a team whose answers follow the provider's own tools. */
type Responder<Request, Reply> = (request: Request, context: { index: number }) => Reply | Promise<Reply>;

/** Whether a reply, in any provider's fake wire shape, calls the workflow tool `tool`. */
function callsTool(reply: object, tool: string): boolean {
  return (
    'calls' in reply && Array.isArray(reply.calls) && reply.calls.some((call: { name?: unknown }) => call.name === tool)
  );
}

/**
 * A team whose calls of `tool` (`new_answer` unless told) come after searches or runs of code on
 * the provider's side: `searched` holds the fields, in the provider's own wire shape, added to each
 * such reply.
 */
export function searchingTeam<Request, Reply extends object>(
  team: Responder<Request, Reply>,
  searched: Partial<Reply>,
  tool = 'new_answer',
): Responder<Request, Reply> {
  return async (request, context) => {
    const reply = await team(request, context);
    return callsTool(reply, tool) ? { ...reply, ...searched } : reply;
  };
}

export const teamText = { answer: 'The tower is 330 m tall.', finalText: 'Final answer: 330 m.' };
export const officialSite = { url: 'https://www.toureiffel.paris/en', title: 'Official site' };
