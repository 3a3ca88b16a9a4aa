import type { Replay } from './use-replay.js';
import { replaySpeeds } from './replay-timing.js';

/** Play, pause, speed and a position slider to jump anywhere in the run. */
export function ReplayControls({ replay, total }: { replay: Replay; total: number }) {
  return (
    <div className="controls replay-controls" role="group" aria-label="Replay">
      {replay.playing ? (
        <button type="button" onClick={() => replay.pause()}>
          Pause
        </button>
      ) : (
        <button type="button" onClick={() => replay.play()}>
          {replay.position >= total ? 'Replay' : 'Play'}
        </button>
      )}
      <label>
        Speed{' '}
        <select value={replay.speed} onChange={(event) => replay.setSpeed(Number(event.target.value))}>
          {replaySpeeds.map((speed) => (
            <option key={speed} value={speed}>
              {speed}×
            </option>
          ))}
        </select>
      </label>
      <label className="position">
        <span className="visually-hidden">Position</span>
        <input
          type="range"
          min={0}
          max={total}
          value={replay.position}
          aria-label="Position in the run"
          onChange={(event) => replay.jump(Number(event.target.value))}
        />
      </label>
      <span className="muted position-count">
        event {replay.position} of {total}
      </span>
    </div>
  );
}
