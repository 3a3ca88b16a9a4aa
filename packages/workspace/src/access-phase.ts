/**
 * Where the run is, as far as file access goes: during coordination every context path is
 * read-only; once a winner is chosen it alone may write the `write` context paths while it
 * presents; after the final answer nobody writes anything.
 */
export type AccessPhase =
  { kind: 'coordination' } | { kind: 'presentation'; winnerAgentId: string } | { kind: 'ended' };
