export { createBlockQuoting, type BlockQuoting, type HistoryTag } from './quoted-blocks.js';
export { withAttachments } from './prompt-attachments.js';
