/** Helpers for a strategy's tests: run it to its end, pick its events, read the prompts its agents got. */
export { collectEvents, eventsOfType, onlyEvent } from './strategy-events.js';
export { promptText } from './prompt-text.js';
