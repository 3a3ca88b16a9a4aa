/**
 * Bounds on what a configuration file may cost to read. A configuration is a few kilobytes;
 * these limits only stop hostile or mistaken input (a log file, a binary, an alias bomb)
 * from exhausting memory or the stack before a clear error can be given.
 */

/** Largest configuration file read, checked before reading (1 MiB). */
export const maxConfigBytes = 1024 * 1024;

/**
 * Deepest nesting of mappings and lists. Real configurations stay under ten levels; the
 * YAML composer recurses once per level, and a stack overflow deep inside V8 can abort
 * the process instead of throwing, so depth is checked before composing.
 */
export const maxNestingDepth = 64;

/** Alias expansions allowed while building values (the `yaml` package's `maxAliasCount`). */
export const maxAliasCount = 100;

/**
 * Most values (mappings, lists and scalars) a configuration may expand to. Aliases share
 * values, so a small file can still describe a huge tree; every later step walks the tree.
 */
export const maxValueNodes = 100_000;
