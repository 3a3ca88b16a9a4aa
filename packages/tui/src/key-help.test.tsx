import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { KeyHelp } from './key-help.js';

afterEach(cleanup);

describe('KeyHelp', () => {
  it('lists the overview keys with the agent number range', () => {
    expect(render(<KeyHelp agentCount={12} focused={false} finished={false} keysEnabled />).lastFrame()).toBe(
      'a answer now · 1-9 focus agent · q quit · ctrl-c cancel',
    );
  });

  it('lists the focus view keys', () => {
    expect(render(<KeyHelp agentCount={3} focused finished={false} keysEnabled />).lastFrame()).toContain('esc back');
  });

  it('says when keys cannot be read', () => {
    expect(
      render(<KeyHelp agentCount={3} focused={false} finished={false} keysEnabled={false} />).lastFrame(),
    ).toContain('keys unavailable');
  });
});
