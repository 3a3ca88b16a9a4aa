/** Where a fake server cuts a stream short: after so many chunks (OpenAI, Gemini) or events (Anthropic). */
export type StreamCut = { afterChunks: number } | { afterEvents: number };

/**
 * The failure contract's replies that every fake server scripts in the same words (see
 * `ContractReplies`): a whole text, a text stream that stalls at `cut.stall` or drops at
 * `cut.drop`, one closed cleanly at `cut.endEarly`, and a hang. The errors a server sends stay
 * the subject's own, in that server's vocabulary.
 */
export function commonContractReplies<Cut extends StreamCut>(cut: { stall: Cut; drop: Cut; endEarly: Cut }) {
  return {
    text: (text: string) => ({ type: 'text' as const, text }),
    stall: (text: string) => ({ type: 'stall' as const, ...cut.stall, reply: { type: 'text' as const, text } }),
    drop: (text: string) => ({ type: 'drop' as const, ...cut.drop, reply: { type: 'text' as const, text } }),
    endEarly: () => ({ type: 'drop' as const, ...cut.endEarly, graceful: true }),
    hang: () => ({ type: 'hang' as const }),
  };
}
