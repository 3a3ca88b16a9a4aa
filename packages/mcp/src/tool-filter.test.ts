import { describe, expect, it } from 'vitest';
import { filterTools } from './tool-filter.js';

const tools = [{ name: 'echo' }, { name: 'get-sum' }, { name: 'get-env' }];
const names = (selected: Array<{ name: string }>): string[] => selected.map((tool) => tool.name);

describe('filterTools', () => {
  it('offers every tool without a filter', () => {
    expect(names(filterTools('everything', tools, {}).selected)).toEqual(['echo', 'get-sum', 'get-env']);
  });

  it('offers only allowed tools, named either way', () => {
    const result = filterTools('everything', tools, { allowedTools: ['echo', 'mcp__everything__get-sum'] });
    expect(names(result.selected)).toEqual(['echo', 'get-sum']);
    expect(result.unknownNames).toEqual([]);
  });

  it('leaves out excluded tools, even when they are also allowed', () => {
    expect(names(filterTools('everything', tools, { excludeTools: ['get-env'] }).selected)).toEqual([
      'echo',
      'get-sum',
    ]);
    expect(
      names(
        filterTools('everything', tools, {
          allowedTools: ['echo', 'get-env'],
          excludeTools: ['mcp__everything__get-env'],
        }).selected,
      ),
    ).toEqual(['echo']);
  });

  it('reports filter names that match no tool', () => {
    const result = filterTools('everything', tools, {
      allowedTools: ['echo', 'ecko'],
      excludeTools: ['mcp__other__echo'],
    });
    expect(result.unknownNames).toEqual(['ecko', 'mcp__other__echo']);
  });

  it('offers nothing when allowed_tools is empty', () => {
    expect(filterTools('everything', tools, { allowedTools: [] }).selected).toEqual([]);
  });
});
