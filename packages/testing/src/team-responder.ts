// Placeholder: replaced by the coordination-aware responder for the fake server.
export type TeamResponderOptions = Record<string, unknown>;
export function createTeamResponder(_options?: TeamResponderOptions): unknown {
  throw new Error('not implemented yet');
}
