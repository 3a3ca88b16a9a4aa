/**
 * Every failure MassGen reports carries one of these codes, so that callers can branch on a
 * stable string instead of on message text or error classes from vendor SDKs.
 */
export type ErrorCode =
  | 'CONFIG_INVALID'
  | 'CONFIG_NOT_FOUND'
  | 'PLUGIN_NOT_FOUND'
  | 'PLUGIN_INVALID'
  | 'BACKEND_AUTH'
  | 'BACKEND_MISSING_KEY'
  | 'BACKEND_RATE_LIMIT'
  | 'BACKEND_QUOTA'
  | 'BACKEND_OVERLOADED'
  | 'BACKEND_BAD_REQUEST'
  | 'BACKEND_CONTEXT_LENGTH'
  | 'BACKEND_NOT_FOUND'
  | 'BACKEND_SERVER'
  | 'BACKEND_NETWORK'
  | 'BACKEND_STREAM'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'PATH_DENIED'
  | 'TOOL_FAILED'
  | 'MEDIA_INVALID'
  | 'MEDIA_UNSUPPORTED'
  | 'WORKFLOW_VIOLATION'
  | 'BUDGET_EXCEEDED'
  | 'INTERNAL';
