import { describe, expect, it } from 'vitest';
import { claimUniqueName, mcpToolName } from './tool-name.js';

describe('mcpToolName', () => {
  it('prefixes the server and the tool as upstream MassGen does', () => {
    expect(mcpToolName('weather', 'get-forecast')).toBe('mcp__weather__get-forecast');
  });

  it('replaces characters providers reject', () => {
    expect(mcpToolName('天气 server', 'files.read/v2')).toBe('mcp_____server__files_read_v2');
    expect(mcpToolName('天气 server', 'files.read/v2')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('shortens long names to 64 characters and keeps them distinct', () => {
    const first = mcpToolName(
      'a-server-with-a-rather-long-name',
      'a-tool-with-an-even-longer-name-than-the-server-one',
    );
    const second = mcpToolName(
      'a-server-with-a-rather-long-name',
      'a-tool-with-an-even-longer-name-than-the-server-two',
    );
    expect(first).toHaveLength(64);
    expect(second).toHaveLength(64);
    expect(first).not.toBe(second);
    expect(first.startsWith('mcp__a-server-with-a-rather-long-name__a-tool')).toBe(true);
  });
});

describe('claimUniqueName', () => {
  it('keeps a free name and numbers a taken one', () => {
    const taken = new Set<string>();
    expect(claimUniqueName('mcp__a_b__echo', taken)).toBe('mcp__a_b__echo');
    expect(claimUniqueName('mcp__a_b__echo', taken)).toBe('mcp__a_b__echo_2');
    expect(claimUniqueName('mcp__a_b__echo', taken)).toBe('mcp__a_b__echo_3');
  });

  it('stays within 64 characters when it adds a number', () => {
    const long = 'x'.repeat(64);
    const taken = new Set([long]);
    const second = claimUniqueName(long, taken);
    expect(second).toHaveLength(64);
    expect(second.endsWith('_2')).toBe(true);
  });
});
