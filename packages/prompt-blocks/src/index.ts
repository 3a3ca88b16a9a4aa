export { createBlockQuoting } from './quoted-blocks.js';
export type { BlockQuoting, HistoryTag } from './quoted-blocks.js';
export { withAttachments } from './prompt-attachments.js';
