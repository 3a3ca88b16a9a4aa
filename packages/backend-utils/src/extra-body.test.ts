import { describe, expect, it } from 'vitest';
import type { Warning } from '@massgen/core';
import { mergeExtraBody } from './extra-body.js';

describe('mergeExtraBody', () => {
  it('adds extra_body then providerOptions, and keeps the fields the backend owns with a warning each', () => {
    const body: Record<string, unknown> = { model: 'm', temperature: 0.2 };
    const warnings: Warning[] = [];
    mergeExtraBody(
      body,
      { extraBody: { top_k: 40, model: 'other', temperature: 1 }, providerOptions: { temperature: 0.5 } },
      new Set(['model']),
      warnings,
    );
    expect(body).toEqual({ model: 'm', temperature: 0.5, top_k: 40 });
    expect(warnings).toEqual([expect.objectContaining({ code: 'ignored-option', path: 'backend.extra_body.model' })]);
  });
});
