import { describe, expect, it } from 'vitest';
import { teamFlagsText } from './team-flags.js';

describe('teamFlagsText', () => {
  it('writes the team flags back as given, quoting only what a shell would split', () => {
    expect(teamFlagsText({ config: 'configs/team.yaml' })).toBe('--config configs/team.yaml');
    expect(teamFlagsText({ config: 'my team.yaml' })).toBe("--config 'my team.yaml'");
    expect(teamFlagsText({ model: 'gpt-5-nano', systemMessage: "Be brief, it's late." })).toBe(
      "--model gpt-5-nano --system-message 'Be brief, it'\\''s late.'",
    );
    expect(teamFlagsText({})).toBe('');
  });
});
