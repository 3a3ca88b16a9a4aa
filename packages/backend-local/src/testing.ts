/** Test helpers, not for production use: a tiny but real GGUF model that llama.cpp loads and runs. */
export { createTinyLlamaGguf, writeTinyLlamaGguf, type TinyLlamaOptions } from './testing/tiny-llama-model.js';
