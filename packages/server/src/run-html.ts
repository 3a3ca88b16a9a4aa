import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RunEvent } from '@massgen/core';
import { MassGenError } from '@massgen/core';

/** Where the page finds a run written into the file, instead of asking a server. */
export const embeddedEventsElementId = 'massgen-run-events';

/**
 * The run as one HTML file that needs no server and loads nothing from anywhere: the built
 * page with its script and styles inlined and the run's events embedded, opened on its replay.
 */
export function renderRunHtml(assetsDirectory: string, events: readonly RunEvent[]): string {
  let html: string;
  try {
    html = readFileSync(path.join(assetsDirectory, 'index.html'), 'utf8');
  } catch (error) {
    throw new MassGenError({
      code: 'INTERNAL',
      message: `The web page is not built (no index.html in ${assetsDirectory}); run pnpm build, or reinstall massgen.`,
      cause: error,
    });
  }
  const asset = (reference: string): string => readFileSync(path.join(assetsDirectory, reference), 'utf8');
  html = html.replace(/<script\b[^>]*\bsrc="\.?\/?([^"]+)"[^>]*><\/script>/g, (_tag, source: string) => {
    return `<script type="module">${escapeScriptText(asset(source))}</script>`;
  });
  html = html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="\.?\/?([^"]+)"[^>]*>/g, (_tag, source: string) => {
    return `<style>${asset(source).replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  html = html.replace(/<link\b[^>]*\brel="(?:icon|modulepreload)"[^>]*>/g, '');
  // In JSON a `<` only occurs inside strings, where \u003c means the same and cannot close the element.
  const data = `<script type="application/json" id="${embeddedEventsElementId}">${JSON.stringify(events).replace(/</g, '\\u003c')}</script>`;
  // The file may be opened anywhere: it may run its own inline code and nothing it did not bring.
  const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">`;
  return html.replace('<head>', () => `<head>\n    ${policy}`).replace('</body>', () => `${data}\n  </body>`);
}

/**
 * Code inlined into a script element must not contain what would end the element or switch
 * the HTML parser into its escaped states (`</script`, `<!--`, `<script`). Those sequences occur
 * only in the bundle's strings, templates and regular expressions, where `\x3C` means `<` too.
 */
function escapeScriptText(code: string): string {
  return code.replace(/<(?=!--|\/?script)/gi, '\\x3C');
}
