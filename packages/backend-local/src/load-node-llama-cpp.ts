import { MassGenError } from '@massgen/core';

export type NodeLlamaCpp = typeof import('node-llama-cpp');
type Llama = Awaited<ReturnType<NodeLlamaCpp['getLlama']>>;

let modulePromise: Promise<NodeLlamaCpp> | undefined;
let llamaPromise: Promise<Llama> | undefined;

/** node-llama-cpp, imported on first use so that `massgen` starts without loading llama.cpp. */
export function loadNodeLlamaCpp(): Promise<NodeLlamaCpp> {
  modulePromise ??= import('node-llama-cpp').catch((cause: unknown) => {
    modulePromise = undefined;
    throw new MassGenError({
      code: 'PLUGIN_NOT_FOUND',
      message: 'The local backend needs the node-llama-cpp package; install it with: npm install node-llama-cpp',
      provider: 'local',
      cause,
    });
  });
  return modulePromise;
}

/**
 * The process's one llama.cpp instance, on the prebuilt CPU binary only: nothing is downloaded
 * or compiled at run time, and GPU builds are not looked for.
 */
export function getLlamaInstance(): Promise<Llama> {
  llamaPromise ??= loadNodeLlamaCpp()
    .then((module) =>
      module.getLlama({ build: 'never', gpu: false, logLevel: module.LlamaLogLevel.error, progressLogs: false }),
    )
    .catch((cause: unknown) => {
      llamaPromise = undefined;
      if (MassGenError.isInstance(cause)) throw cause;
      throw new MassGenError({
        code: 'INTERNAL',
        message: `The local backend could not start llama.cpp: no prebuilt CPU binary of node-llama-cpp works on this machine (${process.platform}-${process.arch}). ${cause instanceof Error ? cause.message : String(cause)}`,
        provider: 'local',
        cause,
      });
    });
  return llamaPromise;
}
