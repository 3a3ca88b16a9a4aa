import type { RunEvent } from '@massgen/core';

/**
 * Turns coordination events into plain progress lines for stderr: who is answering, who voted
 * for whom, which agent failed and why. Streaming text is left out; it is not progress.
 */
export class ProgressLines {
  private startedAt: number | undefined;
  private agentCount = 0;

  describe(event: RunEvent): string | undefined {
    switch (event.type) {
      case 'run-start':
        this.startedAt = event.time;
        this.agentCount = event.agents.length;
        return `Starting ${event.agents.length} agent${event.agents.length === 1 ? '' : 's'}: ${event.agents
          .map((agent) => `${agent.id} (${agent.provider}${agent.modelId === '' ? '' : `, ${agent.modelId}`})`)
          .join(', ')}`;
      case 'round':
        return `Round ${event.round}`;
      case 'agent-start':
        if (event.reason === 'initial') return `${event.agentId} is working on an answer`;
        if (event.reason === 'retry') return `${event.agentId} is trying again (attempt ${event.attempt})`;
        return `${event.agentId} is reviewing the latest answers`;
      case 'answer':
        return `${event.agentId} answered (${event.label}, ${plural(countWords(event.content), 'word')})`;
      case 'vote':
        return `${event.agentId} voted for ${event.targetAgentId} (${event.targetLabel})${event.confidence === undefined ? '' : ` with confidence ${event.confidence}`}: ${oneLine(event.reason)}`;
      case 'restart':
        return `${event.agentId} restarts: ${oneLine(event.reason)}`;
      case 'agent-error':
        return event.willRetry
          ? `${event.agentId}: ${event.error.message} (${event.error.code}); retrying`
          : `${event.agentId} failed: ${event.error.message} (${event.error.code})`;
      case 'agent-killed':
        return `${event.agentId} was dropped: ${oneLine(event.reason)}`;
      case 'warning':
        return `warning: ${event.warning.message}`;
      case 'consensus': {
        const winner = event.tally.find((entry) => entry.agentId === event.winnerAgentId);
        const totalVotes = event.tally.reduce((sum, entry) => sum + entry.votes, 0);
        return `${event.winnerAgentId} wins with ${winner?.votes ?? 0} of ${totalVotes} vote${totalVotes === 1 ? '' : 's'} (${event.stopReason}); ${event.winnerAgentId} presents the final answer`;
      }
      case 'final':
        return `${event.agentId} presented the final answer`;
      case 'run-end': {
        const seconds = this.startedAt === undefined ? undefined : ((event.time - this.startedAt) / 1000).toFixed(1);
        const head = `Finished${seconds === undefined ? '' : ` in ${seconds}s`} (stop reason: ${event.stopReason})`;
        return event.error === undefined ? head : `${head}: ${event.error.message}`;
      }
      default:
        return undefined;
    }
  }

  get agents(): number {
    return this.agentCount;
  }
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
