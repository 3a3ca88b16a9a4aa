import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/**
 * A tool result as text for the model. Agents receive tool results as text, so images, audio
 * and binary resources are described (type and size) rather than passed on; text resources are
 * included with their URI. Structured content stands in when a tool returns no content blocks.
 */
export function toolResultText(result: Pick<CallToolResult, 'content' | 'structuredContent'>): string {
  const blocks = result.content ?? [];
  if (blocks.length === 0) {
    return result.structuredContent === undefined
      ? 'The tool returned no content.'
      : JSON.stringify(result.structuredContent, null, 2);
  }
  return blocks.map(blockText).join('\n');
}

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} (${block.mimeType}, ${formatBytes(base64Bytes(block.data))}) not shown: tool results reach this agent as text]`;
    case 'resource_link':
      return `[resource link: ${block.name} <${block.uri}>${block.description === undefined ? '' : ` ${block.description}`}]`;
    case 'resource': {
      const resource = block.resource;
      if ('text' in resource) return `[resource <${resource.uri}>]\n${resource.text}`;
      const type = resource.mimeType === undefined ? '' : `${resource.mimeType}, `;
      return `[resource <${resource.uri}> (${type}${formatBytes(base64Bytes(resource.blob))}) not shown: binary content]`;
    }
    default:
      return `[content of type "${(block as { type: string }).type}" not shown]`;
  }
}

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
