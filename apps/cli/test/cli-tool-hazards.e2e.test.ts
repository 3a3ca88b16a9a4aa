import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeOpenAIServer } from '@massgen/testing';
import type { FakeOpenAIServer } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { toolResults, toolScriptResponder } from './tool-script-responder.js';

let directory: string;
let server: FakeOpenAIServer;

beforeEach(async () => {
  directory = realpathSync(mkdtempSync(path.join(tmpdir(), 'massgen-cli-hazards-')));
  server = await createFakeOpenAIServer({ apiKey: 'test-key' });
});

afterEach(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('file tools the model can aim at things that never end', () => {
  it('answers a named pipe, a pattern of many stars and a pipe in a copied tree at once, and the run ends', async () => {
    const context = path.join(directory, 'context');
    mkdirSync(path.join(context, 'tree'), { recursive: true });
    execFileSync('mkfifo', [path.join(context, 'pipe')]);
    execFileSync('mkfifo', [path.join(context, 'tree', 'pipe')]);
    writeFileSync(path.join(context, 'tree', 'notes.md'), 'notes');
    writeFileSync(path.join(context, 'a'.repeat(200)), '');
    const workspace = path.join(directory, 'workspace');
    mkdirSync(workspace);
    execFileSync('mkfifo', [path.join(workspace, 'own-pipe')]);
    server.setResponder(
      toolScriptResponder([
        { name: 'read_file', arguments: { path: path.join(context, 'pipe') } },
        { name: 'edit_file', arguments: { path: 'own-pipe', old_text: 'a', new_text: 'b' } },
        { name: 'search_files', arguments: { path: context, name: `${'*a'.repeat(13)}*b` } },
        { name: 'search_files', arguments: { path: context, text: 'notes' } },
        { name: 'copy_file', arguments: { source: path.join(context, 'tree'), destination: 'tree' } },
        { name: 'copy_file', arguments: { source: path.join(context, 'pipe'), destination: 'pipe' } },
      ]),
    );
    const file = path.join(directory, 'team.yaml');
    writeFileSync(
      file,
      `agent:
  id: reader
  backend:
    type: chatcompletion
    model: model-reader
    base_url: "${server.url}"
    api_key: test-key
    cwd: ${workspace}
    context_paths:
      - path: ${context}
        permission: read
`,
    );
    const result = await runCli(['--no-display', '--config', file, 'Read everything'], { cwd: directory });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(toolResults(server.requests)).toEqual([
      `Error: "${path.join(context, 'pipe')}" is a named pipe; only regular files are read.`,
      'Error: "own-pipe" is a named pipe; only regular files are read.',
      'No match.',
      `${path.join(context, 'tree', 'notes.md')}:1: notes`,
      expect.stringMatching(/^Copied .*tree to tree: 1 files in 1 directories; 1 entries left out/),
      `Error: "${path.join(context, 'pipe')}" is neither a file nor a directory.`,
    ]);
  }, 60_000);
});
