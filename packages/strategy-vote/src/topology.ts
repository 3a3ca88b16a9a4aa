import type { TopologySettings, VotingMethod } from './vote-setting-types.js';
import type { AgentRecord, Answer, CoordinationState } from './coordination-state.js';
import { tallyVotes } from './vote-tally.js';

/**
 * The answers an agent is shown in a turn, and may vote among: always its own latest answer,
 * plus those its topology lets it see, in configuration order (the order labels are read in).
 *
 * - `full`: every current answer; a round costs O(N²) prompt tokens.
 * - `ring`: the latest answers of its `neighbors` nearest peers on the ring of agents in
 *   configuration order, taken alternately after and before it (1 after, 1 before, 2 after, ...);
 *   a peer dropped before it answered is passed over for the next nearest. A peer that has not
 *   answered yet is simply not shown yet, so answers outside the neighbourhood never reach the
 *   agent. O(N·k).
 * - `top_k`: the `k` answers with the most vote weight (ties and vote-less answers by who answered
 *   first), as the tally ranks them now, its own among them or added to them. O(N·k).
 * - `islands`: the answers of its group (`size` agents in configuration order). Once every live
 *   agent has voted, the author of each group's winning answer (see `groupWinners`) is a
 *   finalist: its vote is set aside and it is shown the finalists' answers instead, to vote
 *   among. O(N·size + (N/size)²).
 *
 * - `tournament`: the answers of its match in the current stage (see `TournamentBracket`), 4
 *   agents a match unless configured. An agent knocked out is shown only its own: its vote stands
 *   whatever the advancers write later. O(N·size) per stage, log_size(N) stages.
 *
 * Consensus and the winner are as in `full`: every live agent votes (among what it sees) and the
 * answer with the most vote weight wins, so a sparse topology changes what each turn costs, not
 * the vote rules. Under `islands` that count is every group's votes plus the final round's. Under
 * `tournament` only the answers still in the tournament can win: once one is left, the last
 * match's winner; stopped earlier, the one of them with the most vote weight.
 */
export function visibleAnswers(
  topology: TopologySettings,
  state: CoordinationState,
  agent: AgentRecord,
  votingMethod: VotingMethod,
): Answer[] {
  const answers = state.currentAnswers();
  if (topology.type === 'full') return answers;
  if (topology.type === 'tournament') {
    const bracket = state.bracket;
    if (bracket === undefined || bracket.isKnockedOut(agent.id))
      return answers.filter((answer) => answer.agentId === agent.id);
    const match = bracket.matchOf(agent.id);
    return answers.filter((answer) => match.includes(answer.agentId));
  }
  if (topology.type === 'islands') {
    const finalists = state.finalists;
    if (finalists?.has(agent.id) === true) return answers.filter((answer) => finalists.has(answer.agentId));
    return answers.filter((answer) => sameGroup(state, topology.size, agent.id, answer.agentId));
  }
  const others =
    topology.type === 'ring'
      ? ringPeers(state, agent, topology.neighbors)
      : ranked(state, votingMethod).slice(0, topology.k);
  const shown = new Set([agent.id, ...others]);
  return answers.filter((answer) => shown.has(answer.agentId));
}

/**
 * Whether `other`'s answers can be shown to `agent` at all, now or once they exist: what an agent
 * waiting for first answers waits for. Under `top_k` any answer may come to lead.
 */
export function mayShow(
  topology: TopologySettings,
  state: CoordinationState,
  agent: AgentRecord,
  other: AgentRecord,
): boolean {
  if (other === agent || topology.type === 'full' || topology.type === 'top_k') return true;
  if (topology.type === 'tournament') {
    const bracket = state.bracket;
    return bracket !== undefined && !bracket.isKnockedOut(agent.id) && bracket.matchOf(agent.id).includes(other.id);
  }
  if (topology.type === 'islands') {
    const finalists = state.finalists;
    return (
      sameGroup(state, topology.size, agent.id, other.id) ||
      (finalists?.has(agent.id) === true && finalists.has(other.id))
    );
  }
  return ringPeers(state, agent, topology.neighbors).includes(other.id);
}

/**
 * `islands`: the author of each group's winning answer, counting only the votes of the group's
 * own members (the most vote weight; ties to the agent listed first; with no votes, the first to
 * answer). Groups without an answer have none.
 */
export function groupWinners(size: number, state: CoordinationState, votingMethod: VotingMethod): AgentRecord[] {
  const winners: AgentRecord[] = [];
  for (let start = 0; start < state.agents.length; start += size) {
    const author = groupWinner(state.agents.slice(start, start + size), votingMethod);
    if (author !== undefined) winners.push(author);
  }
  return winners;
}

/**
 * The author of the answer that wins among `members`, counting only their own votes (the most
 * vote weight; ties to the agent listed first; with no votes, the first to answer); none when no
 * member has an answer.
 */
export function groupWinner(members: readonly AgentRecord[], votingMethod: VotingMethod): AgentRecord | undefined {
  const candidates = members.flatMap((member) =>
    member.currentAnswer === undefined
      ? []
      : [{ label: member.currentAnswer.label, agentId: member.id, firstAnsweredAt: member.firstAnswerSequence ?? 0 }],
  );
  const votes = members.flatMap((member) => (member.alive && member.vote !== undefined ? [member.vote] : []));
  const winner = tallyVotes(candidates, votes, votingMethod).winner;
  return members.find((member) => member.id === winner?.agentId);
}

function sameGroup(state: CoordinationState, size: number, first: string, second: string): boolean {
  const group = (agentId: string): number => Math.floor(state.agents.findIndex((agent) => agent.id === agentId) / size);
  return group(first) === group(second);
}

/** Its `neighbors` nearest peers: 1 after, 1 before, 2 after, 2 before, ...; dropped ones without an answer passed over. */
function ringPeers(state: CoordinationState, agent: AgentRecord, neighbors: number): string[] {
  const agents = state.agents;
  const position = agents.indexOf(agent);
  const peers: string[] = [];
  for (let distance = 1; distance <= Math.floor(agents.length / 2) && peers.length < neighbors; distance += 1) {
    for (const step of [distance, -distance]) {
      const peer = agents[(position + step + agents.length) % agents.length];
      if (peer === undefined || peer === agent || peers.includes(peer.id) || peers.length >= neighbors) continue;
      if (peer.alive || peer.currentAnswer !== undefined) peers.push(peer.id);
    }
  }
  return peers;
}

/** Agents whose answers lead the tally now: most vote weight first, then who answered first. */
function ranked(state: CoordinationState, votingMethod: VotingMethod): string[] {
  const firstAnswered = (agentId: string): number =>
    state.agentById(agentId)?.firstAnswerSequence ?? Number.POSITIVE_INFINITY;
  return [...state.tally(votingMethod).entries]
    .sort(
      (first, second) => second.weight - first.weight || firstAnswered(first.agentId) - firstAnswered(second.agentId),
    )
    .map((entry) => entry.agentId);
}
