import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import type { CliRun } from './run-cli.js';
import { writeSoloAgent } from './solo-agent-config.js';
import { toolResults, toolScriptResponder } from './tool-script-responder.js';
import { useFakeServerDirectory } from './fake-server-directory.js';

const setup = useFakeServerDirectory('cli-hazards', { server: () => ({ apiKey: 'test-key' }), resolveLinks: true });

describe('file tools the model can aim at things that never end', () => {
  it('answers a named pipe, a pattern of many stars and a pipe in a copied tree at once, and the run ends', async () => {
    const context = path.join(setup.directory, 'context');
    mkdirSync(path.join(context, 'tree'), { recursive: true });
    execFileSync('mkfifo', [path.join(context, 'pipe')]);
    execFileSync('mkfifo', [path.join(context, 'tree', 'pipe')]);
    writeFileSync(path.join(context, 'tree', 'notes.md'), 'notes');
    writeFileSync(path.join(context, 'a'.repeat(200)), '');
    const workspace = path.join(setup.directory, 'workspace');
    mkdirSync(workspace);
    execFileSync('mkfifo', [path.join(workspace, 'own-pipe')]);
    setup.server.setResponder(
      toolScriptResponder([
        { name: 'read_file', arguments: { path: path.join(context, 'pipe') } },
        { name: 'edit_file', arguments: { path: 'own-pipe', old_text: 'a', new_text: 'b' } },
        { name: 'search_files', arguments: { path: context, name: `${'*a'.repeat(13)}*b` } },
        { name: 'search_files', arguments: { path: context, text: 'notes' } },
        { name: 'copy_file', arguments: { source: path.join(context, 'tree'), destination: 'tree' } },
        { name: 'copy_file', arguments: { source: path.join(context, 'pipe'), destination: 'pipe' } },
      ]),
    );
    const file = writeSoloAgent(path.join(setup.directory, 'team.yaml'), {
      id: 'reader',
      url: setup.server.url,
      backend: `cwd: ${workspace}\ncontext_paths:\n  - path: ${context}\n    permission: read`,
    });
    const result = await runCli(['--no-display', '--config', file, 'Read everything'], { cwd: setup.directory });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(toolResults(setup.server.requests)).toEqual([
      `Error: "${path.join(context, 'pipe')}" is a named pipe; only regular files are read.`,
      'Error: "own-pipe" is a named pipe; only regular files are read.',
      'No match.',
      `${path.join(context, 'tree', 'notes.md')}:1: notes`,
      expect.stringMatching(/^Copied .*tree to tree: 1 files in 1 directories; 1 entries left out/),
      `Error: "${path.join(context, 'pipe')}" is neither a file nor a directory.`,
    ]);
  }, 60_000);

  it('keeps a 10 GB sparse file out of snapshots and copies, with a warning, and the run ends', async () => {
    const { result, snapshot } = await copyInWorkspace((workspace) => {
      writeFileSync(path.join(workspace, 'notes.md'), 'notes');
      writeFileSync(path.join(workspace, 'huge.bin'), '');
      truncateSync(path.join(workspace, 'huge.bin'), 10 * 1024 ** 3);
    }, 'huge.bin');
    expect(toolResults(setup.server.requests)).toEqual([
      `Error: "huge.bin" is ${10 * 1024 ** 3} bytes; files over ${50 * 1024 * 1024} bytes are not copied.`,
    ]);
    expect(result.stderr).toContain('huge.bin was left out of the snapshot for answer agent1.1');
    expect(snapshot).toEqual(['notes.md']);
  }, 60_000);

  it('takes its snapshot limits from the configuration: a smaller file limit and a total', async () => {
    const { result, snapshot } = await copyInWorkspace(
      (workspace) => {
        writeFileSync(path.join(workspace, 'a-small.txt'), 'x'.repeat(100 * 1024));
        writeFileSync(path.join(workspace, 'b-medium.txt'), 'y'.repeat(700 * 1024));
        writeFileSync(path.join(workspace, 'c-large.txt'), 'z'.repeat(1536 * 1024));
      },
      'c-large.txt',
      'orchestrator:\n  snapshot_max_file_mb: 1\n  snapshot_max_total_mb: 0.5\n',
    );
    expect(toolResults(setup.server.requests)).toEqual([
      `Error: "c-large.txt" is ${1536 * 1024} bytes; files over ${1024 * 1024} bytes are not copied.`,
    ]);
    expect(result.stderr).toContain('c-large.txt was left out of the snapshot for answer agent1.1');
    expect(result.stderr).toContain('b-medium.txt was left out of the snapshot for answer agent1.1');
    expect(snapshot).toEqual(['a-small.txt']);
  }, 60_000);
});

/**
 * Runs one agent whose workspace `fill` writes, which copies `source` there and answers; `rest` is
 * more configuration. Returns the run and what the snapshot of its answer holds.
 */
async function copyInWorkspace(
  fill: (workspace: string) => void,
  source: string,
  rest = '',
): Promise<{ result: CliRun; snapshot: string[] }> {
  const workspace = path.join(setup.directory, 'workspace');
  mkdirSync(workspace);
  fill(workspace);
  setup.server.setResponder(
    toolScriptResponder([{ name: 'copy_file', arguments: { source, destination: `copy-${source}` } }]),
  );
  const file = writeSoloAgent(path.join(setup.directory, 'team.yaml'), {
    id: 'hoarder',
    url: setup.server.url,
    backend: `cwd: ${workspace}`,
    rest,
  });
  const result = await runCli(['--no-display', '--config', file, 'Keep everything'], { cwd: setup.directory });
  expect(result.code).toBe(0);
  const snapshots = path.join(setup.directory, '.massgen', 'snapshots');
  const [runId] = readdirSync(snapshots);
  return { result, snapshot: readdirSync(path.join(snapshots, runId ?? '', 'agent1.1')) };
}
