import { writeFile } from 'node:fs/promises';
import { encodeGguf, type GgufTensor, type GgufValue } from './gguf-writer.js';

/** ChatML, the template of Qwen and many other instruct models. */
export const chatMlTemplate =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

export interface TinyLlamaOptions {
  /** Seed of the pseudo-random weights, so the same options always give the same file. */
  seed?: number;
  embeddingLength?: number;
  layers?: number;
  heads?: number;
  feedForwardLength?: number;
  contextLength?: number;
  /** How much the model likes to end its turn; lower makes long generations, for benchmarks. */
  endOfTurnPreference?: number;
}

const tokenType = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;
const spaceMarker = '\u2581';
const words = ['the', 'answer', 'is', 'and', 'of', 'to', 'in', 'it', 'that', 'vote', 'agent', 'yes', 'no'];

interface Vocabulary {
  tokens: string[];
  scores: number[];
  types: number[];
  /** How strongly the model prefers each token, whatever the context (the weights are not trained). */
  preference: number[];
  endOfTurnId: number;
}

/**
 * A SentencePiece-style vocabulary: control tokens, the 256 byte-fallback tokens (so any text
 * encodes), printable ASCII characters and a few words. Preferences make letters, spaces and
 * the closing quote likely, and the end of turn likely enough that free text stops on its own.
 */
function buildVocabulary(endOfTurnPreference: number): Vocabulary {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const preference: number[] = [];
  const add = (token: string, type: number, score: number, prefers: number): number => {
    tokens.push(token);
    types.push(type);
    scores.push(score);
    preference.push(prefers);
    return tokens.length - 1;
  };
  add('<unk>', tokenType.unknown, 0, -2);
  add('<s>', tokenType.control, 0, -2);
  add('</s>', tokenType.control, 0, -2);
  add('<|im_start|>', tokenType.control, 0, -2);
  const endOfTurnId = add('<|im_end|>', tokenType.control, 0, endOfTurnPreference);
  for (let byte = 0; byte < 256; byte += 1) {
    add(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, tokenType.byte, 0, -2);
  }
  for (let code = 0x20; code < 0x7f; code += 1) {
    const character = code === 0x20 ? spaceMarker : String.fromCharCode(code);
    const isLetter = /[a-z ]/.test(String.fromCharCode(code));
    const prefers = character === '"' ? 0.4 : isLetter ? 0.22 : 0;
    add(character, tokenType.normal, -1, prefers);
  }
  for (const [index, word] of words.entries())
    add(`${spaceMarker}${word}`, tokenType.normal, -0.1 - index * 0.001, 0.22);
  return { tokens, scores, types, preference, endOfTurnId };
}

/** Mulberry32: a tiny deterministic generator, enough for weights nobody trains. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function uniform(random: () => number, count: number, scale: number): Float32Array {
  const values = new Float32Array(count);
  for (let index = 0; index < count; index += 1) values[index] = (random() * 2 - 1) * scale;
  return values;
}

/**
 * The tensors of a llama-architecture model. The first embedding dimension carries a large
 * constant, so after the final norm it dominates and each token's output weight on it acts as a
 * context-free preference; the other dimensions are random and make the choice depend on context.
 */
function buildTensors(vocabulary: Vocabulary, options: Required<TinyLlamaOptions>): GgufTensor[] {
  const random = createRandom(options.seed);
  const embedding = options.embeddingLength;
  const vocabularySize = vocabulary.tokens.length;
  const tokenEmbedding = uniform(random, embedding * vocabularySize, 0.1);
  const output = uniform(random, embedding * vocabularySize, 0.3);
  for (let token = 0; token < vocabularySize; token += 1) {
    tokenEmbedding[token * embedding] = 4;
    output[token * embedding] = vocabulary.preference[token] ?? 0;
  }
  const ones = (count: number): Float32Array => new Float32Array(count).fill(1);
  const tensors: GgufTensor[] = [
    { name: 'token_embd.weight', dimensions: [embedding, vocabularySize], data: tokenEmbedding },
    { name: 'output_norm.weight', dimensions: [embedding], data: ones(embedding) },
    { name: 'output.weight', dimensions: [embedding, vocabularySize], data: output },
  ];
  const feedForward = options.feedForwardLength;
  /** A weight matrix of values within ±`scale`, its dimensions in ggml order. */
  const matrix = (name: string, columns: number, rows: number, scale: number): GgufTensor => ({
    name,
    dimensions: [columns, rows],
    data: uniform(random, columns * rows, scale),
  });
  for (let layer = 0; layer < options.layers; layer += 1) {
    const prefix = `blk.${layer}`;
    tensors.push(
      { name: `${prefix}.attn_norm.weight`, dimensions: [embedding], data: ones(embedding) },
      matrix(`${prefix}.attn_q.weight`, embedding, embedding, 0.3),
      matrix(`${prefix}.attn_k.weight`, embedding, embedding, 0.3),
      matrix(`${prefix}.attn_v.weight`, embedding, embedding, 0.3),
      matrix(`${prefix}.attn_output.weight`, embedding, embedding, 0.05),
      { name: `${prefix}.ffn_norm.weight`, dimensions: [embedding], data: ones(embedding) },
      matrix(`${prefix}.ffn_gate.weight`, embedding, feedForward, 0.3),
      matrix(`${prefix}.ffn_up.weight`, embedding, feedForward, 0.3),
      matrix(`${prefix}.ffn_down.weight`, feedForward, embedding, 0.05),
    );
  }
  return tensors;
}

/**
 * A tiny llama-architecture GGUF model with a ChatML template and hand-set pseudo-random
 * weights: real llama.cpp loads and runs it in milliseconds. Its text is gibberish, which is
 * fine for tests of templates, streaming, grammars and cancellation.
 */
export function createTinyLlamaGguf(options: TinyLlamaOptions = {}): Buffer {
  const settings: Required<TinyLlamaOptions> = {
    seed: options.seed ?? 1234,
    embeddingLength: options.embeddingLength ?? 64,
    layers: options.layers ?? 2,
    heads: options.heads ?? 2,
    feedForwardLength: options.feedForwardLength ?? 128,
    contextLength: options.contextLength ?? 4096,
    endOfTurnPreference: options.endOfTurnPreference ?? 0.34,
  };
  const vocabulary = buildVocabulary(settings.endOfTurnPreference);
  const metadata = new Map<string, GgufValue>([
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'massgen-tiny-test' }],
    ['general.alignment', { type: 'uint32', value: 32 }],
    ['llama.context_length', { type: 'uint32', value: settings.contextLength }],
    ['llama.embedding_length', { type: 'uint32', value: settings.embeddingLength }],
    ['llama.block_count', { type: 'uint32', value: settings.layers }],
    ['llama.feed_forward_length', { type: 'uint32', value: settings.feedForwardLength }],
    ['llama.attention.head_count', { type: 'uint32', value: settings.heads }],
    ['llama.attention.head_count_kv', { type: 'uint32', value: settings.heads }],
    ['llama.rope.dimension_count', { type: 'uint32', value: settings.embeddingLength / settings.heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['llama.vocab_size', { type: 'uint32', value: vocabulary.tokens.length }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'string[]', value: vocabulary.tokens }],
    ['tokenizer.ggml.scores', { type: 'float32[]', value: vocabulary.scores }],
    ['tokenizer.ggml.token_type', { type: 'int32[]', value: vocabulary.types }],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: 'uint32', value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: 'uint32', value: vocabulary.endOfTurnId }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'string', value: chatMlTemplate }],
  ]);
  return encodeGguf(metadata, buildTensors(vocabulary, settings));
}

/** Writes the tiny model to `filePath` and returns the path. */
export async function writeTinyLlamaGguf(filePath: string, options: TinyLlamaOptions = {}): Promise<string> {
  await writeFile(filePath, createTinyLlamaGguf(options));
  return filePath;
}
