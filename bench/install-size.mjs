// What `npm install massgen` puts on disk, alone and with each heavy plugin, measured in one run
// from the packed workspace (the tarballs a release would publish) into empty projects.
// Target: massgen alone under 80 MB, counted as `du` does. The apparent size (what npm reports
// as unpacked size) is printed beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { installProject, installedSize, packWorkspace, writeTarballProject } from '../scripts/packed-workspace.mjs';
import { verdict } from './measure.mjs';

const targetBytes = 80e6;
const scenarios = [
  { label: 'massgen', names: ['massgen'] },
  { label: 'massgen + @massgen/backend-local', names: ['massgen', '@massgen/backend-local'] },
  { label: 'massgen + @massgen/backend-claude-code', names: ['massgen', '@massgen/backend-claude-code'] },
];

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function installSize() {
  const directory = mkdtempSync(path.join(tmpdir(), 'massgen-install-size-'));
  try {
    const tarballs = packWorkspace(path.join(directory, 'packs'));
    const sizes = scenarios.map(({ label, names }, index) => {
      const project = path.join(directory, `project-${index}`);
      writeTarballProject(project, { tarballs, names });
      installProject(project);
      return { label, ...installedSize(path.join(project, 'node_modules')) };
    });
    const [alone] = sizes;
    const pass = alone.diskBytes < targetBytes;
    console.log('install size (npm install from the packed tarballs into an empty project; du, and apparent size)');
    for (const { label, diskBytes, apparentBytes } of sizes) {
      const ratio = label === alone.label ? '' : `   ${(diskBytes / alone.diskBytes).toFixed(1)}x massgen alone`;
      const target = label === alone.label ? `   target < ${megabytes(targetBytes)}   ${verdict(pass)}` : '';
      console.log(
        `  ${label.padEnd(40)} ${megabytes(diskBytes).padStart(10)} (${megabytes(apparentBytes)} apparent)${ratio}${target}`,
      );
    }
    return pass;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = (await installSize()) ? 0 : 1;
