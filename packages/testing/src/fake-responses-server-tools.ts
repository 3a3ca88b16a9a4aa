import type { FakeServerToolUse } from './fake-openai-server-types.js';

type Item = Record<string, unknown>;

/** How `buildResponsesOutput` writes an item: opened, filled by its events, closed. */
export interface ItemWriter {
  emit(type: string, fields: Item): void;
  addItem(opening: Item, fill: (item_id: string, output_index: number) => void, complete: Item): void;
  nextId(prefix: string): string;
}

function included(body: Record<string, unknown>, entry: string): boolean {
  return Array.isArray(body['include']) && body['include'].includes(entry);
}

/**
 * Streams the provider's own tools as the Responses API does: a `web_search_call` item through
 * `in_progress`, `searching` and `completed` (its sources only when the request's `include`
 * asked for `web_search_call.action.sources`), a `code_interpreter_call` item with its code as
 * deltas, then `interpreting` and `completed` (its logs only with `code_interpreter_call.outputs`).
 */
export function writeServerTools(
  uses: readonly FakeServerToolUse[],
  body: Record<string, unknown>,
  writer: ItemWriter,
): void {
  for (const use of uses) {
    if (use.type === 'web_search') {
      const id = writer.nextId('ws');
      const search = { type: 'search', query: use.query, queries: [use.query] };
      const sources = (use.sources ?? []).map(({ url }) => ({ type: 'url', url }));
      writer.addItem(
        { id, type: 'web_search_call', status: 'in_progress', action: search },
        (item_id, output_index) => {
          writer.emit('response.web_search_call.in_progress', { item_id, output_index });
          writer.emit('response.web_search_call.searching', { item_id, output_index });
          if (use.failed !== true) writer.emit('response.web_search_call.completed', { item_id, output_index });
        },
        {
          id,
          type: 'web_search_call',
          status: use.failed === true ? 'failed' : 'completed',
          action: included(body, 'web_search_call.action.sources') ? { ...search, sources } : search,
        },
      );
      continue;
    }
    const id = writer.nextId('ci');
    const opening = {
      id,
      type: 'code_interpreter_call',
      status: 'in_progress',
      code: '',
      container_id: 'cntr_fake',
      outputs: null,
    };
    writer.addItem(
      opening,
      (item_id, output_index) => {
        writer.emit('response.code_interpreter_call.in_progress', { item_id, output_index });
        writer.emit('response.code_interpreter_call_code.delta', { item_id, output_index, delta: use.code });
        writer.emit('response.code_interpreter_call_code.done', { item_id, output_index, code: use.code });
        writer.emit('response.code_interpreter_call.interpreting', { item_id, output_index });
        writer.emit('response.code_interpreter_call.completed', { item_id, output_index });
      },
      {
        ...opening,
        status: use.failed === true ? 'failed' : 'completed',
        code: use.code,
        outputs: included(body, 'code_interpreter_call.outputs') ? [{ type: 'logs', logs: use.output ?? '' }] : null,
      },
    );
  }
}

/** The `url_citation` annotations a text written after these searches carries: one per titled source, over the whole text. */
export function citationsFor(uses: readonly FakeServerToolUse[], text: string): Item[] {
  return uses.flatMap((use) =>
    use.type === 'web_search'
      ? (use.sources ?? []).map(({ url, title }) => ({
          type: 'url_citation',
          start_index: 0,
          end_index: text.length,
          url,
          title: title ?? url,
        }))
      : [],
  );
}
