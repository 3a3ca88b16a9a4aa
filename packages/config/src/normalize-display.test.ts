import { describe, expect, it } from 'vitest';
import { expectWarnings, oneAgentLines, parseYaml } from './config-test-support.js';

describe('display mapping', () => {
  it("defaults to the seed article's Textual UI with timeline and agent cards", () => {
    expect(parseYaml(oneAgentLines).display).toEqual({ type: 'textual', liveTimeline: true, showAgentCards: true });
  });

  it('reads the seed display block', () => {
    const config = parseYaml([
      ...oneAgentLines,
      'display:',
      '  type: simple',
      '  live_timeline: false',
      '  show_agent_cards: false',
    ]);
    expect(config.display).toEqual({ type: 'simple', liveTimeline: false, showAgentCards: false });
  });

  it.each([
    ['rich_terminal', 'rich'],
    ['textual_terminal', 'textual'],
    ['simple', 'simple'],
    ['silent', 'none'],
  ] as const)('maps ui.display_type %s to %s', (written, type) => {
    expect(parseYaml([...oneAgentLines, 'ui:', `  display_type: ${written}`]).display.type).toBe(type);
  });

  it("defaults an upstream file without a display type to upstream's Rich terminal", () => {
    expect(parseYaml([...oneAgentLines, 'ui:', '  logging_enabled: true']).display.type).toBe('rich');
  });

  it('lets ui.display_type win over display.type, as upstream reads only ui', () => {
    const config = parseYaml([...oneAgentLines, 'display:', '  type: textual', 'ui:', '  display_type: simple']);
    expect(config.display.type).toBe('simple');
    expectWarnings(config, {
      code: 'overridden-key',
      path: 'display.type',
      message: 'display.type ("textual") is overridden by ui.display_type ("simple")',
    });
  });

  it('warns that logging cannot be turned off', () => {
    const config = parseYaml([...oneAgentLines, 'ui:', '  logging_enabled: false']);
    expectWarnings(config, { code: 'unsupported-feature', path: 'ui.logging_enabled' });
  });
});
