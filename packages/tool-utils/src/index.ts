export {
  defineTool,
  type DefinedExecutableTool,
  type DefinedTool,
  type ExecutableToolSpecification,
  type ToolInputCheck,
  type ToolSpecification,
} from './define-tool.js';
export type { StandardIssue, StandardResult, ToolInput, ToolInputSchema } from './tool-input-schema.js';
