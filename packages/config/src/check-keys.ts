import type { PathIssue, PathWarning } from './findings.js';
import { isMapping } from './is-mapping.js';
import type { KeySegment } from './key-path.js';
import { backendKeyRule, knownKeys, ruleFor } from './known-keys.js';
import type { Dialect, KeyRule, SectionName } from './known-keys.js';
import { suggestKey } from './key-suggestion.js';

export interface KeyCheckResult {
  warnings: PathWarning[];
  issues: PathIssue[];
  /** How many keys only one dialect uses were found, per dialect. */
  dialectKeys: Record<Dialect, number>;
}

/**
 * Walks a configuration against the table of known keys: warns about unknown keys (an unknown
 * `orchestrator` or agent key is left to the strategy, which may own it), about
 * upstream features that are switched on but not supported and about keys upstream ignores
 * too; rejects v1 keys. Values of the wrong type are left to schema validation.
 */
export function checkKeys(root: Record<string, unknown>): KeyCheckResult {
  const result: KeyCheckResult = { warnings: [], issues: [], dialectKeys: { seed: 0, upstream: 0 } };

  const visitSection = (section: SectionName, mapping: Record<string, unknown>, segments: KeySegment[]): void => {
    for (const [key, value] of Object.entries(mapping)) {
      const child = [...segments, key];
      const rule = section === 'backend' ? backendKeyRule(mapping['type'], key) : ruleFor(section, key);
      if (rule === undefined) {
        if (!knownKeys[section].unknownKeysReachStrategy) reportUnknown(section, key, child);
      } else applyRule(rule, value, child, section === 'backend' ? mapping['type'] : undefined);
    }
  };

  const reportUnknown = (section: SectionName, key: string, segments: KeySegment[]): void => {
    const suggestion = suggestKey(key, Object.keys(knownKeys[section].keys));
    const hint = suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`;
    const effect = knownKeys[section].unknownKeysReachBackend
      ? 'it is passed to the backend as written, which may reject it'
      : 'it is ignored';
    result.warnings.push({
      code: 'unknown-key',
      segments,
      message: `not a key MassGen knows${hint}; ${effect}`,
    });
  };

  const applyRule = (rule: KeyRule, value: unknown, segments: KeySegment[], backendType?: unknown): void => {
    switch (rule.kind) {
      case 'read':
        if (rule.dialect !== undefined) result.dialectKeys[rule.dialect] += 1;
        if (rule.section !== undefined) visitNested(rule.section, rule.shape ?? 'mapping', value, segments);
        return;
      case 'option':
        return;
      case 'strategy':
        if (rule.dialect !== undefined) result.dialectKeys[rule.dialect] += 1;
        return;
      case 'unsupported':
        result.dialectKeys.upstream += 1;
        if (isSwitchedOn(value)) {
          result.warnings.push({
            code: 'unsupported-feature',
            segments,
            message: unsupportedMessage(rule, backendType),
          });
        }
        return;
      case 'ignored':
        result.dialectKeys.upstream += 1;
        result.warnings.push({
          code: 'ignored-key',
          segments,
          message: `upstream MassGen does not read this key either, so it is ignored; ${rule.hint}`,
        });
        return;
      case 'v1':
        result.issues.push({
          segments,
          message: `a MassGen v1 key, which this version does not read; ${rule.replacement}`,
        });
        return;
    }
  };

  const visitNested = (
    section: SectionName,
    shape: 'mapping' | 'list' | 'list-or-mapping',
    value: unknown,
    segments: KeySegment[],
  ): void => {
    if (Array.isArray(value) && shape !== 'mapping') {
      value.forEach((item, index) => {
        if (isMapping(item)) visitSection(section, item, [...segments, index]);
      });
    } else if (isMapping(value) && shape === 'list-or-mapping') {
      for (const [name, item] of Object.entries(value)) {
        if (isMapping(item)) visitSection(section, item, [...segments, name]);
      }
    } else if (isMapping(value) && shape === 'mapping') {
      visitSection(section, value, segments);
    }
  };

  visitSection('root', root, []);
  return result;
}

function unsupportedMessage(rule: Extract<KeyRule, { kind: 'unsupported' }>, backendType: unknown): string {
  if (rule.offeredBy === undefined) return `MassGen-TS does not support ${rule.feature}; this setting has no effect`;
  const provider = typeof backendType === 'string' && backendType !== '' ? backendType : 'this backend';
  return `not offered by this provider: ${provider} has no ${rule.feature} of its own (offered by ${rule.offeredBy.join(', ')}); this setting has no effect`;
}

/** `false`, `null`, empty strings, lists and mappings leave a feature off, so they need no warning. */
function isSwitchedOn(value: unknown): boolean {
  if (value === false || value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isMapping(value)) return Object.keys(value).length > 0 && value.enabled !== false;
  return true;
}
