import { playScriptedTurn } from './scripted-backend-playback.js';
import type { Script } from './scripted-backend-playback.js';
import type { ErrorPart } from './scripted-agent-builders.js';

/** What a scripted double was asked, and the turns of it that stopped because they were aborted. */
export interface RecordedPlayback<Request, Part> {
  /** Every request received, in order. */
  readonly requests: Request[];
  /** 0-based indices of the turns that stopped because their signal was aborted. */
  readonly abortedTurns: number[];
  /** Plays the script's turn for `request`, recording it at call time, before anyone reads the stream. */
  play(request: Request, signal: AbortSignal | undefined): AsyncIterable<Part | ErrorPart>;
}

/** The playback both scripted doubles share; `owner` names the double in its messages. */
export function createRecordedPlayback<Request, Part>(
  script: Script<Request, Part>,
  owner: string,
): RecordedPlayback<Request, Part> {
  const requests: Request[] = [];
  const abortedTurns: number[] = [];
  return {
    requests,
    abortedTurns,
    play(request, signal) {
      // Recorded at call time, not on first read, so a test sees when a turn was requested even if nobody reads it.
      const index = requests.push(request) - 1;
      return playScriptedTurn({
        script,
        request,
        index,
        signal,
        owner,
        onAbort: () => abortedTurns.push(index),
      });
    },
  };
}
