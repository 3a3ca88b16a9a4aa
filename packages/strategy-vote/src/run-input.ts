import type { TurnInput } from './agent-turn.js';
import type { SummaryInput } from './answer-summary.js';
import type { LimitInput } from './coordination-limits.js';
import type { MessageInput } from './human-messages.js';
import type { SilenceInput } from './silence-watch.js';

/** Everything that moves a coordination on, through its one queue. */
export type RunInput = TurnInput | LimitInput | SilenceInput | MessageInput | SummaryInput;
