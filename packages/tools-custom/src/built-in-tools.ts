import { z } from 'zod';
import type { AgentWorkspace, Tool, ToolModels } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import { createMediaTools } from '@massgen/tools-media';
import type { MediaToolName } from '@massgen/tools-media';

/** Where upstream MassGen keeps its own tools; configurations name them by paths under it. */
export const upstreamToolDirectory = 'massgen/tool/';

/** Upstream's sample tool, which many of its example configurations use. */
const twoNumbers = defineTool({
  name: 'two_num_tool',
  description: 'Add two numbers together.',
  inputSchema: z.object({
    x: z.int().describe('First number'),
    y: z.int().describe('Second number'),
  }),
  execute: ({ x, y }) => `The sum of ${x} and ${y} is ${x + y}`,
});

/** What a built-in tool that calls a model or touches files is given: the run's models and the agent's workspace. */
export interface BuiltInToolContext {
  agentId: string;
  models: ToolModels | undefined;
  workspace: () => AgentWorkspace | undefined;
}

interface BuiltIn {
  function: string;
  upstreamPath: string;
  /** Whether upstream finds it by function name alone (an entry without a path). */
  pathless: boolean;
  make(context: BuiltInToolContext): Tool;
}

/**
 * Upstream's media tools (`massgen/tool/_multimodal_tools/<tool>.py`) and the `@massgen/tools-media`
 * tool each is, with that package's defaults: the agent's own model for understanding, OpenAI's
 * image and speech models for making. Their parameters keep upstream's names.
 */
const upstreamMediaTools: ReadonlyArray<[upstreamFunction: string, tool: MediaToolName]> = [
  ['understand_image', 'understand_image'],
  ['understand_audio', 'understand_audio'],
  ['understand_video', 'understand_video'],
  ['understand_file', 'understand_file'],
  ['text_to_image_generation', 'text_to_image'],
  ['text_to_speech_transcription_generation', 'text_to_speech'],
];

/** Upstream built-in tools MassGen-TS has an equivalent of, by function name and the file upstream keeps it in. */
const builtIns: readonly BuiltIn[] = [
  {
    function: 'two_num_tool',
    upstreamPath: `${upstreamToolDirectory}_basic/_two_num_tool.py`,
    pathless: true,
    make: () => twoNumbers,
  },
  ...upstreamMediaTools.map(([upstreamFunction, tool]): BuiltIn => ({
    function: upstreamFunction,
    upstreamPath: `${upstreamToolDirectory}_multimodal_tools/${upstreamFunction}.py`,
    pathless: false,
    make: (context) => {
      const [made] = createMediaTools({ ...context, settings: {} }, [tool]);
      if (made === undefined) throw new Error(`@massgen/tools-media has no ${tool}`);
      return made;
    },
  })),
];

/**
 * The functions upstream MassGen finds for an entry with no path: those its `massgen.tool`
 * package exports (upstream's `_load_builtin_function` looks nowhere else). A name outside this
 * list fails in upstream too.
 */
const upstreamPathlessTools: ReadonlySet<string> = new Set([
  'two_num_tool',
  'run_python_script',
  'run_shell_script',
  'read_file_content',
  'save_file_content',
  'append_file_content',
  'computer_use',
  'claude_computer_use',
  'gemini_computer_use',
  'browser_automation',
  'simple_browser_automation',
  'dashscope_generate_image',
  'dashscope_generate_audio',
  'dashscope_analyze_image',
  'openai_generate_image',
  'openai_generate_audio',
  'openai_modify_image',
  'openai_create_variation',
  'openai_analyze_image',
  'openai_transcribe_audio',
]);

/** Whether upstream MassGen would find a tool by this function name alone (an entry without a path). */
export function isUpstreamPathlessTool(functionName: string): boolean {
  return upstreamPathlessTools.has(functionName);
}

function findBuiltIn(functionName: string, upstreamPath?: string): BuiltIn | undefined {
  return builtIns.find(
    (builtIn) =>
      builtIn.function === functionName &&
      (upstreamPath === undefined ? builtIn.pathless : builtIn.upstreamPath === upstreamPath),
  );
}

/**
 * Whether MassGen-TS has an upstream tool: by function name when no path is written (as
 * upstream looks it up, among the tools it finds so), or by function and upstream path.
 */
export function hasBuiltInTool(functionName: string, upstreamPath?: string): boolean {
  return findBuiltIn(functionName, upstreamPath) !== undefined;
}

/** The built-in equivalent of an upstream tool, made for one agent (see `hasBuiltInTool`). */
export function builtInToolFor(
  functionName: string,
  upstreamPath: string | undefined,
  context: BuiltInToolContext,
): Tool | undefined {
  return findBuiltIn(functionName, upstreamPath)?.make(context);
}
