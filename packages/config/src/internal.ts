/**
 * For MassGen's own packages only, with no compatibility promise: the small zod schemas the
 * configuration is checked with, so that the packages that own a part of the file (the
 * workspace, MCP) word their expectations the way the loader does.
 */
export {
  choiceOf,
  flag,
  nonEmptyText,
  nonNegativeNumber,
  numberBetween,
  positiveInteger,
  positiveNumber,
  scalarText,
} from './schema-primitives.js';
export { dropUndefined } from './drop-undefined.js';
export { formatKeyPath } from './key-path.js';
export { resolveConfigPath } from './resolve-config-path.js';
