import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdownLanguage from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import MarkdownIt from 'markdown-it';
import type { RendererRule } from 'markdown-it';

const languages = {
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown: markdownLanguage,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
};
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);
hljs.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });

/**
 * Markdown as models write it, rendered safely: raw HTML in an answer is shown as text, links go
 * through markdown-it's check (no `javascript:`), and images become links, since the page loads
 * nothing from elsewhere.
 */
const markdown = new MarkdownIt({
  html: false,
  linkify: false,
  highlight: (code, language) => {
    const name = language.trim().toLowerCase();
    if (!/^[\w+#-]+$/.test(name) || hljs.getLanguage(name) === undefined) return '';
    return `<pre class="code"><code class="hljs language-${name}">${hljs.highlight(code, { language: name, ignoreIllegals: true }).value}</code></pre>`;
  },
});

const image: RendererRule = (tokens, index) => {
  const token = tokens[index];
  const source = markdown.utils.escapeHtml(String(token?.attrGet('src') ?? ''));
  const alt = markdown.utils.escapeHtml(token?.content ?? '');
  return `<a href="${source}" target="_blank" rel="noopener noreferrer">[image: ${alt || source}]</a>`;
};
markdown.renderer.rules['image'] = image;

const defaultLinkOpen = markdown.renderer.rules['link_open'];
const linkOpen: RendererRule = (tokens, index, options, environment, self) => {
  tokens[index]?.attrSet('target', '_blank');
  tokens[index]?.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen === undefined
    ? self.renderToken(tokens, index, options)
    : defaultLinkOpen(tokens, index, options, environment, self);
};
markdown.renderer.rules['link_open'] = linkOpen;

export function renderMarkdown(text: string): string {
  return markdown.render(text);
}
