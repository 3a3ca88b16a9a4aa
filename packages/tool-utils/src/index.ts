export { defineTool } from './define-tool.js';
export type {
  DefinedExecutableTool,
  DefinedTool,
  ExecutableToolSpecification,
  ToolInputCheck,
  ToolSpecification,
} from './define-tool.js';
export type { StandardIssue, StandardResult, ToolInput, ToolInputSchema } from './tool-input-schema.js';
