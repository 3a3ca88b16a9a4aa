// tsup settings for a backend package that bundles its vendor SDK. The SDKs publish every build
// format with sources and maps (the Anthropic SDK is 29 MB installed, @google/genai with its auth
// stack 32 MB) while the code a backend runs is 0.5-2 MB; bundled, `massgen` installs in a
// fraction of the space (bench/install-size.mjs). The SDK stays the tested, official code: the
// package's tests import it from its devDependencies and the bundle is made from the same version.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const metafile = 'dist/metafile-esm.json';
const noticesFile = 'dist/THIRD-PARTY-LICENSES.md';

/** tsup options that inline `sdkPackages` (and what they import) and ship their license texts. */
export function bundledSdkOptions(sdkPackages) {
  return {
    noExternal: sdkPackages,
    // Bundled CommonJS dependencies call require() for Node's built-in modules.
    banner: {
      js: "import { createRequire as __massgenCreateRequire } from 'node:module';\nconst require = __massgenCreateRequire(import.meta.url);",
    },
    metafile: true,
    // The maps still lead a stack trace to the file and line, without a copy of every bundled
    // source inside them (most of their size: the Claude bundle's map held 4 MB of SDK source).
    esbuildOptions(options) {
      options.sourcesContent = false;
    },
    async onSuccess() {
      writeLicenseNotices();
    },
  };
}

/** Writes the name, version, license and license text of every package the bundle contains. */
function writeLicenseNotices() {
  const { inputs } = JSON.parse(readFileSync(metafile, 'utf8'));
  const roots = new Set();
  for (const input of Object.keys(inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.split(path.sep).join('/'));
    if (match?.[1] !== undefined && !match[1].endsWith('/node_modules/.pnpm')) roots.add(match[1]);
  }
  const sections = [...roots]
    .map((root) => {
      const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
      const licenseFile = readdirSync(root).find((file) => /^(licen[cs]e|copying)(\..*)?$/i.test(file));
      const text = licenseFile === undefined ? '' : readFileSync(path.join(root, licenseFile), 'utf8').trim();
      return { name: manifest.name, version: manifest.version, license: manifest.license ?? 'see text', text };
    })
    .sort((first, second) => first.name.localeCompare(second.name));
  const body = sections
    .map(
      ({ name, version, license, text }) =>
        `## ${name} ${version} (${license})\n\n${text === '' ? '' : `\`\`\`\n${text}\n\`\`\`\n`}`,
    )
    .join('\n');
  writeFileSync(noticesFile, `# Third-party code bundled in this package\n\n${body}`);
  rmSync(metafile);
}
