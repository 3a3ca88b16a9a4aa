import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTemporaryDirectory } from '@massgen/testing/vitest';
import type { ToolSource } from '@massgen/core';
import { agentYaml, callTool, checkCustomToolSettings, openCustomTools } from './custom-tools-test-support.js';

/** TypeScript and JavaScript tool modules, loaded from source with no build step. */
const scratch = useTemporaryDirectory('module-tools');
let source: ToolSource | undefined;
const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const typedTools = `import { z } from 'zod';
import { defineTool } from '@massgen/tool-utils';

interface Shelf {
  books: string[];
}

const shelf: Shelf = { books: ['Dune', 'Emma'] };

export const findBook = defineTool({
  name: 'find_book',
  description: 'Whether the shelf has a book.',
  inputSchema: z.object({ title: z.string().min(1), shelfName: z.string() }),
  execute: ({ title, shelfName }, context) =>
    \`\${shelfName}: \${shelf.books.includes(title) ? 'yes' : 'no'} (\${context.workingDirectory ?? 'no workspace'})\`,
});

export const slowBook = defineTool({
  name: 'slow_book',
  description: 'Never answers.',
  inputSchema: z.object({}),
  execute: (_input, context) => new Promise<string>((resolve) => context.signal.addEventListener('abort', () => resolve('late'))),
});

export const brokenBook = defineTool({
  name: 'broken_book',
  description: 'Throws.',
  inputSchema: z.object({}),
  execute: () => {
    throw new Error('the shelf fell over');
  },
});
`;

beforeEach(() => {
  // A user's project has zod and the tool helpers installed; here they are this package's own.
  mkdirSync(path.join(scratch.path, 'node_modules', '@massgen'), { recursive: true });
  symlinkSync(path.join(packageRoot, 'node_modules', 'zod'), path.join(scratch.path, 'node_modules', 'zod'), 'dir');
  symlinkSync(
    path.join(packageRoot, 'node_modules', '@massgen', 'tool-utils'),
    path.join(scratch.path, 'node_modules', '@massgen', 'tool-utils'),
    'dir',
  );
  writeFileSync(path.join(scratch.path, 'books.ts'), typedTools);
});

afterEach(async () => {
  await source?.close();
  source = undefined;
});

describe('TypeScript and JavaScript custom tools', () => {
  it('offers every defineTool export of a .ts file, loaded without a build, with preset_args hidden', async () => {
    source = await openCustomTools(
      scratch.path,
      agentYaml([
        'custom_tools:',
        '  - path: books.ts',
        '    function: [findBook]',
        '    preset_args: {shelfName: attic}',
      ]),
    );
    const [tool] = source.toolsFor?.('coder') ?? [];
    expect(tool?.name).toBe('custom_tool__findBook');
    expect(tool?.inputSchema).toMatchObject({
      properties: { title: { type: 'string', minLength: 1 } },
      required: ['title'],
    });
    expect(Object.keys(tool?.inputSchema['properties'] ?? {})).toEqual(['title']);
    expect(
      await callTool(source, 'custom_tool__findBook', { title: 'Dune' }, { workingDirectory: scratch.path }),
    ).toEqual({
      content: `attic: yes (${scratch.path})`,
    });
    const invalid = await callTool(source, 'custom_tool__findBook', { title: '' });
    expect(invalid.isError).toBe(true);
    expect(invalid.content).toMatch(/^Invalid arguments for find_book: title/);
  });

  it('offers all tools of a module when no function is named, under their own names', async () => {
    source = await openCustomTools(scratch.path, agentYaml(['custom_tools:', '  - path: books.ts']));
    expect(source.toolsFor?.('coder').map((tool) => tool.name)).toEqual([
      'custom_tool__broken_book',
      'custom_tool__find_book',
      'custom_tool__slow_book',
    ]);
    expect(await callTool(source, 'custom_tool__broken_book', {})).toEqual({
      content: 'custom_tool__broken_book failed: the shelf fell over',
      isError: true,
    });
  });

  it('abandons a call past the timeout, aborting its signal', async () => {
    source = await openCustomTools(
      scratch.path,
      agentYaml(['custom_tools:', '  - path: books.ts', 'custom_tools_timeout_seconds: 0.5']),
    );
    expect(await callTool(source, 'custom_tool__slow_book', {})).toEqual({
      content:
        'custom_tool__slow_book did not finish within 0.5 seconds (custom_tools_timeout_seconds) and was stopped.',
      isError: true,
    });
  });

  it('runs a plain JavaScript function with its JSON Schema exported beside it', async () => {
    writeFileSync(
      path.join(scratch.path, 'area.mjs'),
      `export function area({ width, height }) { return { area: width * height }; }
export const areaSchema = {
  description: 'The area of a rectangle.',
  type: 'object',
  properties: { width: { type: 'number' }, height: { type: 'number' } },
  required: ['width', 'height'],
};
`,
    );
    source = await openCustomTools(scratch.path, agentYaml(['custom_tools:', '  - {path: area.mjs, function: area}']));
    const [tool] = source.toolsFor?.('coder') ?? [];
    expect(tool?.description).toBe('The area of a rectangle.');
    expect(await callTool(source, 'custom_tool__area', { width: 2, height: 3 })).toEqual({ content: '{"area":6}' });
    expect((await callTool(source, 'custom_tool__area', { width: 2 })).isError).toBe(true);
  });

  it('names the file and line of a module that does not parse, in --validate and at start', async () => {
    writeFileSync(path.join(scratch.path, 'typo.ts'), 'export const a = 1;\nexport const b = ;\n');
    const yaml = agentYaml(['custom_tools:', '  - path: typo.ts']);
    const { issues } = await checkCustomToolSettings(scratch.path, yaml);
    expect(issues).toEqual([
      expect.objectContaining({
        path: 'agents[0].backend.custom_tools[0].path',
        message: expect.stringMatching(/typo\.ts, line 2: /),
      }),
    ]);
    await expect(openCustomTools(scratch.path, yaml)).rejects.toThrow(/custom_tools\[0\]\.path.*typo\.ts/);
  });

  it('says what a module lacks: tools, or the named export', async () => {
    writeFileSync(path.join(scratch.path, 'empty.mjs'), 'export const answer = 42;\n');
    await expect(openCustomTools(scratch.path, agentYaml(['custom_tools:', '  - path: empty.mjs']))).rejects.toThrow(
      /empty\.mjs: exports no tools; expected tools made with defineTool/,
    );
    await expect(
      openCustomTools(scratch.path, agentYaml(['custom_tools:', '  - {path: books.ts, function: findBooks}'])),
    ).rejects.toThrow(/has no export "findBooks"; it exports brokenBook, findBook, slowBook/);
  });

  it('loads an installed npm package of tools by name, an ESM-only one found as massgen-tools-<name>', async () => {
    const packageDirectory = path.join(scratch.path, 'node_modules', 'massgen-tools-dice');
    mkdirSync(packageDirectory, { recursive: true });
    writeFileSync(
      path.join(packageDirectory, 'package.json'),
      JSON.stringify({
        name: 'massgen-tools-dice',
        version: '1.0.0',
        type: 'module',
        exports: { '.': { import: './index.js' } },
      }),
    );
    writeFileSync(
      path.join(packageDirectory, 'index.js'),
      `import { z } from 'zod';
import { defineTool } from '@massgen/tool-utils';
export const roll = defineTool({
  name: 'roll',
  description: 'Rolls loaded dice.',
  inputSchema: z.object({ sides: z.int().min(2) }),
  execute: ({ sides }) => \`rolled \${sides} on a \${sides}-sided die\`,
});
`,
    );
    for (const written of ['massgen-tools-dice', 'dice']) {
      source = await openCustomTools(scratch.path, agentYaml(['custom_tools:', `  - package: ${written}`]));
      expect(await callTool(source, 'custom_tool__roll', { sides: 6 })).toEqual({
        content: 'rolled 6 on a 6-sided die',
      });
      await source.close();
      source = undefined;
    }
    await expect(openCustomTools(scratch.path, agentYaml(['custom_tools:', '  - package: cards']))).rejects.toThrow(
      /custom_tools\[0\]\.path.*no package of tools named cards \(nor @massgen\/tools-cards nor massgen-tools-cards\) is installed/,
    );
  });
});
