import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `pnpm changeset version` on a copy of the workspace's manifests and pending changesets: every
 * changeset must name real packages, and the release must bump the packages together (they
 * are one fixed group) and write each one's CHANGELOG.md.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const changesetBin = path.join(root, 'node_modules/@changesets/cli/bin.js');

let copy: string;

function workspacePackageDirectories(): string[] {
  return ['packages', 'apps', 'tools'].flatMap((group) =>
    existsSync(path.join(root, group))
      ? readdirSync(path.join(root, group))
          .map((name) => path.join(group, name))
          .filter((directory) => existsSync(path.join(root, directory, 'package.json')))
      : [],
  );
}

function manifest(directory: string): { name: string; version: string; private?: boolean } {
  return JSON.parse(readFileSync(path.join(copy, directory, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    private?: boolean;
  };
}

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'massgen-changesets-'));
  for (const file of ['package.json', 'pnpm-workspace.yaml']) cpSync(path.join(root, file), path.join(copy, file));
  cpSync(path.join(root, '.changeset'), path.join(copy, '.changeset'), { recursive: true });
  for (const directory of workspacePackageDirectories()) {
    mkdirSync(path.join(copy, directory), { recursive: true });
    cpSync(path.join(root, directory, 'package.json'), path.join(copy, directory, 'package.json'));
  }
});

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

describe('the changeset release flow', { timeout: 120_000 }, () => {
  it('versions every published package together and writes their changelogs', () => {
    const published = workspacePackageDirectories().filter((directory) => manifest(directory).private !== true);
    const before = new Set(published.map((directory) => manifest(directory).version));
    expect(before.size).toBe(1);
    const pending = readdirSync(path.join(copy, '.changeset')).filter(
      (file) => file.endsWith('.md') && file !== 'README.md',
    );
    expect(pending.length).toBeGreaterThan(0);

    execFileSync(process.execPath, [changesetBin, 'version'], { cwd: copy, stdio: 'pipe' });

    const after = new Set(published.map((directory) => manifest(directory).version));
    expect(after.size).toBe(1);
    expect([...after]).not.toEqual([...before]);
    for (const directory of published) {
      const changelog = readFileSync(path.join(copy, directory, 'CHANGELOG.md'), 'utf8');
      expect(changelog.startsWith(`# ${manifest(directory).name}\n`), directory).toBe(true);
      expect(changelog).toContain(`## ${[...after][0]}`);
    }
    expect(
      readdirSync(path.join(copy, '.changeset')).filter((file) => file.endsWith('.md') && file !== 'README.md'),
    ).toEqual([]);
  });
});
