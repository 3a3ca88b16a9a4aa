/**
 * A failure OpenAI reported inside a stream that had already started (a `response.failed` or
 * `error` event), with OpenAI's code, so that it can be classified like an HTTP error.
 */
export class OpenAIResponseFailure extends Error {
  constructor(
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'OpenAIResponseFailure';
  }
}
