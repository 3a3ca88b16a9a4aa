// Copies the repository's examples/ into this package at build time, so `massgen --example`
// works from an installed package, which has no repository around it.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDirectory = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(packageDirectory, 'examples');
rmSync(target, { recursive: true, force: true });
cpSync(path.resolve(packageDirectory, '../../examples'), target, { recursive: true });
