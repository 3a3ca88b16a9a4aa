import type { TopologySettings, VotingMethod } from '@massgen/core';
import type { AgentRecord, Answer, CoordinationState } from './coordination-state.js';

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
 *
 * Consensus and the winner are as in `full`: every live agent votes (among what it sees) and the
 * answer with the most vote weight wins, so a sparse topology changes what each turn costs, not
 * the vote rules.
 */
export function visibleAnswers(
  topology: TopologySettings,
  state: CoordinationState,
  agent: AgentRecord,
  votingMethod: VotingMethod,
): Answer[] {
  const answers = state.currentAnswers();
  if (topology.type === 'full') return answers;
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
  if (topology.type !== 'ring' || other === agent) return true;
  return ringPeers(state, agent, topology.neighbors).includes(other.id);
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
