import type { MediaPart, UserContentPart } from '@massgen/core';

/**
 * The prompt's text, followed by the question's attachments: every agent sees the images and
 * files the user attached next to the task they belong to. Text alone stays a string.
 */
export function withAttachments(
  text: string,
  attachments: readonly MediaPart[] | undefined,
): string | UserContentPart[] {
  if (attachments === undefined || attachments.length === 0) return text;
  return [{ type: 'text', text }, ...attachments];
}
