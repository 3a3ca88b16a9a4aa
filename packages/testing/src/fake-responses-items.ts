import type { FakeRejection } from './fake-openai-route.js';
import { openAIErrorBody } from './fake-openai-server-errors.js';
import { responsesInputItems } from './fake-responses-request.js';

type Item = Record<string, unknown>;

function invalidInput(message: string, code: string | null = null): FakeRejection {
  return { status: 400, body: openAIErrorBody(message, 'invalid_request_error', code, 'input') };
}

/**
 * What the server remembers of the output items it issued, to hold replayed items to the rules
 * OpenAI enforces: a reasoning item comes back either stored (`store` was not false) or with the
 * encrypted content it was issued with, and a function call that followed a reasoning item
 * comes back after that item.
 */
export class ResponsesItemMemory {
  private readonly stored = new Map<string, Item>();
  private readonly encryptedContent = new Map<string, string>();
  private readonly reasoningBeforeCall = new Map<string, string>();

  /** Records one response's output items, in order. */
  remember(items: readonly Item[], options: { store: boolean }): void {
    let reasoningId: string | undefined;
    for (const item of items) {
      const id = String(item['id']);
      if (options.store) this.stored.set(id, item);
      if (item['type'] === 'reasoning') {
        reasoningId = id;
        if (typeof item['encrypted_content'] === 'string') this.encryptedContent.set(id, item['encrypted_content']);
      }
      if (item['type'] === 'function_call' && reasoningId !== undefined) this.reasoningBeforeCall.set(id, reasoningId);
    }
  }

  /** The rejection OpenAI would send for the request's input items, if any. */
  check(body: Record<string, unknown>): FakeRejection | undefined {
    const storeOff = body['store'] === false;
    const seenIds = new Set<string>();
    const seenCalls = new Set<string>();
    const notFound = (id: string): FakeRejection =>
      invalidInput(
        storeOff
          ? `Item with id '${id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`
          : `Item with id '${id}' not found.`,
      );
    for (const given of responsesInputItems(body)) {
      let item = given;
      if (item['type'] === 'item_reference') {
        const stored = this.stored.get(String(item['id']));
        if (stored === undefined) return notFound(String(item['id']));
        item = stored;
      } else if (item['type'] === 'reasoning') {
        const id = String(item['id']);
        const encrypted = item['encrypted_content'];
        if (typeof encrypted === 'string') {
          if (this.encryptedContent.get(id) !== encrypted) {
            return invalidInput(
              `The encrypted content for item ${id} could not be verified.`,
              'invalid_encrypted_content',
            );
          }
        } else if (!this.stored.has(id)) {
          return notFound(id);
        }
      }
      const id = typeof item['id'] === 'string' ? item['id'] : undefined;
      if (item['type'] === 'function_call') {
        const reasoningId = id === undefined ? undefined : this.reasoningBeforeCall.get(id);
        if (id !== undefined && reasoningId !== undefined && !seenIds.has(reasoningId)) {
          return invalidInput(
            `Item '${id}' of type 'function_call' was provided without its required 'reasoning' item: '${reasoningId}'.`,
          );
        }
        seenCalls.add(String(item['call_id']));
      }
      if (item['type'] === 'function_call_output' && !seenCalls.has(String(item['call_id']))) {
        return invalidInput(`No tool call found for function call output with call_id ${String(item['call_id'])}.`);
      }
      if (id !== undefined) seenIds.add(id);
    }
    return undefined;
  }
}
