// Starts a fake provider script of this directory (fake-server-process.mjs, or the streaming one
// for the display benchmarks) in its own process, as a real provider would run: resolves once it
// prints its URL, then collects the line it prints for each request.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const benchDirectory = path.dirname(fileURLToPath(import.meta.url));

/**
 * Returns the provider's URL, the requests it has had so far (`{ model }` each, in order) and
 * `close`, which resolves once the process has exited.
 */
export async function startFakeProvider(script, args = []) {
  const child = spawn(process.execPath, [path.join(benchDirectory, script), ...args.map(String)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const requests = [];
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fake provider ${script} exited with ${code}`)));
    lines.on('line', (line) => {
      const message = JSON.parse(line);
      if (message.url !== undefined) resolve(message.url);
      else requests.push(message);
    });
  });
  const close = () =>
    new Promise((resolve) => {
      child.removeAllListeners('exit');
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, requests, close };
}
