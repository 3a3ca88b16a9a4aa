import { afterEach, describe, expect, it, vi } from 'vitest';
import { startListeningProcess } from './listening-process.js';

const listening = /up at (http:\/\/\S+)/;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('startListeningProcess', () => {
  it('resolves with the URL the process says it listens on, in an environment of only PATH, HOME and what it is given', async () => {
    vi.stubEnv('LISTENING_PROCESS_TEST_SECRET', 'leaked');
    const spawned: string[] = [];
    const started = await startListeningProcess(
      [
        '-e',
        "console.error(`${process.env.GIVEN}, ${process.env.LISTENING_PROCESS_TEST_SECRET ?? 'no secret'}\\nup at http://127.0.0.1:1`); setInterval(() => {}, 1000);",
      ],
      {
        name: 'sleeper',
        cwd: process.cwd(),
        listening,
        env: { GIVEN: 'given' },
        onSpawn: (early) => spawned.push(early.url),
      },
    );
    expect(started.url).toBe('http://127.0.0.1:1');
    expect(started.stderr()).toContain('given, no secret');
    expect(spawned).toEqual(['']);
    started.child.kill('SIGKILL');
    await started.exited;
  });

  it('rejects, naming the process and with its stderr, when it exits before listening', async () => {
    await expect(
      startListeningProcess(['-e', "console.error('no port'); process.exit(3);"], {
        name: 'quitter',
        cwd: process.cwd(),
        listening,
      }),
    ).rejects.toThrow('quitter exited with 3 before listening:\nno port');
  });
});
