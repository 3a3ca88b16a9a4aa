import type { MassGenConfig } from '@massgen/config';
import { defaultLocalModel } from '@massgen/backend-local';

/** What `massgen "question"` tells the user when it falls back to the local team, and how to choose otherwise. */
export function localDefaultNotice(config: MassGenConfig): string {
  const model = config.env['MASSGEN_LOCAL_MODEL']?.trim() || defaultLocalModel;
  return (
    `No configuration and no API key given: running ${config.agents.length} agents on the local model ${model} ` +
    '(downloaded once on first use). Pass --config FILE or --model MODEL to choose, or set an API key such as OPENAI_API_KEY.'
  );
}
