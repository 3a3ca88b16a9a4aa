import { MassGenError, redactText, type ErrorCode } from '@massgen/core';

/** What Claude Code reports about a failed model call (on its synthetic assistant message and result). */
export interface ClaudeCodeApiErrorReport {
  /** Claude Code's category: `authentication_failed`, `rate_limit`, `billing_error`, ... */
  category?: string;
  status?: number | null;
  /** The API's error type, such as `overloaded_error`. */
  type?: string;
  /** Claude Code's message, which carries the provider's words. */
  text: string;
  /** Why Claude Code's loop ended, such as `prompt_too_long`. */
  terminalReason?: string;
}

export interface ClaudeCodeErrorContext {
  /** The backend type, for `MassGenError.provider`. */
  provider: string;
  /** Name of the model provider in messages: Anthropic, or the server `base_url` names. */
  providerName: string;
  agentId: string;
  /** Values that must never reach a message, such as the API key. */
  secrets: readonly string[];
}

interface Classification {
  code: ErrorCode;
  retryable: boolean;
  summary: string;
}

const authCategories = new Set([
  'authentication_failed',
  'oauth_org_not_allowed',
  'account_on_hold',
  'verification_required',
  'cloud_credential_error',
]);
const quotaPattern = /credit balance|spend(ing)? limit|usage limit|billing|quota/i;
const contextLengthPattern = /prompt is too long|context window|context length|too many (input )?tokens/i;
const refusedConnectionPattern =
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|connection refused|could not resolve/i;
const brokenConnectionPattern = /ECONNRESET|EPIPE|dropped|terminated|socket hang up|premature close/i;
const maximumMessageLength = 500;

function classify(report: ClaudeCodeApiErrorReport, name: string): Classification {
  const { category, type, text } = report;
  const status = report.status ?? undefined;
  if (report.terminalReason === 'prompt_too_long' || contextLengthPattern.test(text)) {
    return {
      code: 'BACKEND_CONTEXT_LENGTH',
      retryable: false,
      summary: `The conversation does not fit the model's context window on ${name}`,
    };
  }
  if (
    (category !== undefined && authCategories.has(category)) ||
    type === 'authentication_error' ||
    type === 'permission_error' ||
    status === 401 ||
    status === 403
  ) {
    return { code: 'BACKEND_AUTH', retryable: false, summary: `${name} refused Claude Code's credentials` };
  }
  if (category === 'billing_error' || type === 'billing_error' || status === 402 || quotaPattern.test(text)) {
    return {
      code: 'BACKEND_QUOTA',
      retryable: false,
      summary: `${name} reports the account is out of credit or over its spend limit`,
    };
  }
  if (category === 'rate_limit' || type === 'rate_limit_error' || status === 429)
    return { code: 'BACKEND_RATE_LIMIT', retryable: true, summary: `${name} rate limit reached` };
  if (category === 'overloaded' || type === 'overloaded_error' || status === 529 || status === 503)
    return { code: 'BACKEND_OVERLOADED', retryable: true, summary: `${name} is overloaded` };
  if (category === 'model_not_found' || type === 'not_found_error' || status === 404)
    return { code: 'BACKEND_NOT_FOUND', retryable: false, summary: `${name} does not know the requested model` };
  if (status !== undefined && status >= 500)
    return { code: 'BACKEND_SERVER', retryable: true, summary: `${name} had a server error` };
  if (status === undefined && refusedConnectionPattern.test(text))
    return { code: 'BACKEND_NETWORK', retryable: true, summary: `Claude Code could not reach ${name}` };
  if (status === undefined && brokenConnectionPattern.test(text))
    return { code: 'BACKEND_STREAM', retryable: true, summary: `The response stream from ${name} broke off` };
  if (category === 'server_error')
    return { code: 'BACKEND_SERVER', retryable: true, summary: `${name} had a server error` };
  if (
    category === 'invalid_request' ||
    type === 'invalid_request_error' ||
    status === 400 ||
    status === 413 ||
    status === 422
  ) {
    return { code: 'BACKEND_BAD_REQUEST', retryable: false, summary: `${name} rejected Claude Code's request` };
  }
  return { code: 'INTERNAL', retryable: false, summary: `Claude Code's call to ${name} failed` };
}

function singleLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > maximumMessageLength ? `${line.slice(0, maximumMessageLength)}…` : line;
}

/** A failed model call inside Claude Code, classified so the runtime can decide on a retry. */
export function mapClaudeCodeApiError(report: ClaudeCodeApiErrorReport, context: ClaudeCodeErrorContext): MassGenError {
  const classification = classify(report, context.providerName);
  const status = report.status ?? undefined;
  const where = status === undefined ? '' : ` (HTTP ${status})`;
  return new MassGenError({
    code: classification.code,
    retryable: classification.retryable,
    message: redactText(`${classification.summary}${where}: ${singleLine(report.text)}`, context.secrets),
    provider: context.provider,
    agentId: context.agentId,
    ...(status === undefined ? {} : { statusCode: status }),
    details: { category: report.category ?? null, type: report.type ?? null },
  });
}

/**
 * Whatever the SDK threw outside a model call, as a MassGenError: the CLI missing or unable to
 * start, the CLI crashing, or something unforeseen. Messages name the fix where there is one.
 */
export function mapClaudeCodeFailure(error: unknown, context: ClaudeCodeErrorContext, stderrTail = ''): MassGenError {
  const base = { provider: context.provider, agentId: context.agentId, cause: error };
  if (MassGenError.isInstance(error))
    return new MassGenError({
      ...error.toOptions(),
      agentId: error.agentId ?? context.agentId,
      provider: error.provider ?? context.provider,
    });
  const text = redactText(error instanceof Error ? error.message : String(error), context.secrets);
  if (error instanceof Error && error.name === 'AbortError')
    return new MassGenError({
      ...base,
      code: 'ABORTED',
      retryable: false,
      message: 'The Claude Code turn was cancelled.',
    });
  if (/failed to launch/i.test(text)) {
    return new MassGenError({
      ...base,
      code: 'PLUGIN_INVALID',
      retryable: false,
      message: `The Claude Code CLI could not start: ${singleLine(text)} Set backend.cli_path to a Claude Code executable that runs on this system.`,
    });
  }
  if (/not found|ENOENT/i.test(text) && /binary|executable|claude/i.test(text)) {
    return new MassGenError({
      ...base,
      code: 'PLUGIN_NOT_FOUND',
      retryable: false,
      message: `The Claude Code CLI was not found: ${singleLine(text)} It comes with @anthropic-ai/claude-agent-sdk through its platform package; reinstall it (pnpm add @anthropic-ai/claude-agent-sdk) or set backend.cli_path.`,
    });
  }
  const exit = /exited with code (\d+)/i.exec(text);
  if (exit !== null) {
    const stderr =
      stderrTail === '' || text.includes(stderrTail)
        ? ''
        : `; its stderr ended with: ${redactText(stderrTail, context.secrets)}`;
    return new MassGenError({
      ...base,
      code: 'INTERNAL',
      retryable: false,
      message: `The Claude Code CLI stopped unexpectedly (exit code ${exit[1] ?? '?'}): ${singleLine(text + stderr)}`,
    });
  }
  return new MassGenError({
    ...base,
    code: 'INTERNAL',
    retryable: false,
    message: `Claude Code failed: ${singleLine(text)}`,
  });
}
