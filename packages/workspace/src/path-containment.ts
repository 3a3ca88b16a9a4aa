import path from 'node:path';

/**
 * Whether `candidate` is `directory` itself or lies inside it. Comparing against the directory
 * plus a separator is what keeps `/data/allowed_evil` out of `/data/allowed` (CVE-2025-53110).
 * Both paths must already be absolute and normalised.
 */
export function isWithin(directory: string, candidate: string): boolean {
  if (candidate === directory) return true;
  const prefix = directory.endsWith(path.sep) ? directory : directory + path.sep;
  return candidate.startsWith(prefix);
}

/**
 * `isWithin`, blind to Unicode normalisation. Some filesystems (APFS, HFS+) store `é` and
 * `e` + combining accent as the same name, so a protected path must also cover every spelling
 * that the filesystem would map onto it.
 */
export function isWithinAnySpelling(directory: string, candidate: string): boolean {
  return (
    isWithin(directory.normalize('NFC'), candidate.normalize('NFC')) ||
    isWithin(directory.normalize('NFD'), candidate.normalize('NFD'))
  );
}
