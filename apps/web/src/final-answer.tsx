import { useMemo, useState } from 'react';
import { renderMarkdown } from './markdown.js';

/** The final answer as Markdown, with its code highlighted, and a button that copies its text. */
export function FinalAnswer({ text, presenter, done }: { text: string; presenter?: string; done: boolean }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async (): Promise<void> => {
    setCopied((await copyText(text)) ? 'copied' : 'failed');
  };
  return (
    <section className="final" aria-label="Final answer">
      <header className="panel-header">
        <h2>
          Final answer{presenter === undefined ? '' : ` from ${presenter}`}
          {!done && <span className="muted"> (streaming)</span>}
        </h2>
        <button type="button" onClick={() => void copy()}>
          {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
      </header>
      {/* markdown-it escapes raw HTML in the answer (html: false), so this is the renderer's own markup. */}
      <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // A file opened from disk may have no clipboard API: select a copy and copy that.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}
