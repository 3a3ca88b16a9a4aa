import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  batchArgs,
  readResults,
  recordArrivals,
  sumTeam,
  useSumServerDirectory,
  waitForStderr,
  writeBatchFiles,
} from './batch-fixtures.js';
import { runCli, startCli } from './run-cli.js';

const setup = useSumServerDirectory('cli-batch');

describe('massgen batch on one machine', () => {
  it('answers every question on every configuration, one result line each, and compares them', async () => {
    const { questions, team, single, out } = writeBatchFiles(setup, 6);
    const run = await runCli(
      ['batch', questions, '--config', team, '--config', single, '--out', out, '--scorer', 'numeric'],
      { cwd: setup.directory },
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('6 questions × 2 configurations; 12 to run, 4 at a time');
    // Not a terminal: a plain line per result.
    expect(run.stderr).toMatch(/^\[12\/12\] q\d+ × (team|single): answered \(consensus, \w+ won\)/m);

    const results = readResults(out);
    expect(results).toHaveLength(12);
    expect(new Set(results.map((result) => `${result.id}/${result.config}`)).size).toBe(12);
    const q2 = results.find((result) => result.id === 'q2' && result.config === 'team');
    expect(q2).toMatchObject({ status: 'done', answer: 'It is 6.', stopReason: 'consensus', expected: 6 });
    expect(q2?.tokens.total).toBeGreaterThan(0);
    expect(readFileSync(path.join(q2?.record ?? '', 'final.md'), 'utf8')).toBe('It is 6.');

    // The weak agent alone misses q1, q3 and q5; the team, whose strong agent presents, misses none.
    expect(run.stdout).toContain(
      'Summary (scorer: numeric; accuracy with a 95% Wilson score interval; a failed run scores 0)',
    );
    expect(run.stdout).toMatch(/^ {2}team: 6 results, 0 failed, accuracy 100\.0% \[61\.0%, 100\.0%\] \(6\/6\)/m);
    expect(run.stdout).toMatch(/^ {2}single: 6 results, 0 failed, accuracy 50\.0% \[18\.8%, 81\.2%\] \(3\/6\)/m);
    // Differences 1, 0, 1, 0, 1, 0: mean 0.5, sample variance 0.3, half width 1.96 · √(0.3 / 6) = 0.438.
    expect(run.stdout).toMatch(
      /^ {2}team − single: \+50\.0 pts \[\+6\.2 pts, \+93\.8 pts\] on 6 paired questions \(only team right: 3, only single right: 0, exact McNemar p = 0\.25\)/m,
    );
  });

  it('run again, skips everything the results hold and runs nothing', async () => {
    const { questions, single, out } = writeBatchFiles(setup, 3);
    const args = batchArgs(questions, single, out, '--no-record');
    expect((await runCli(args, { cwd: setup.directory })).code).toBe(0);
    const before = readFileSync(out, 'utf8');
    const requests = setup.server.requests.length;

    const again = await runCli(args, { cwd: setup.directory });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('3 questions × 1 configuration; 3 already in the results; 0 to run');
    expect(readFileSync(out, 'utf8')).toBe(before);
    expect(setup.server.requests.length).toBe(requests);
  });

  it('Ctrl-C lets the running questions finish and keeps every result; the same command finishes the rest', async () => {
    setup.server.setResponder(sumTeam(100));
    const { questions, single, out } = writeBatchFiles(setup, 10);
    const args = batchArgs(questions, single, out, '--concurrency', '2', '--no-record');
    const started = startCli(args, { cwd: setup.directory });
    await waitForStderr(started.child, /^\[1\/10\]/m);
    started.child.kill('SIGINT');
    const interrupted = await started.done;
    expect(interrupted.code).toBe(4);
    expect(interrupted.stderr).toContain('Stopping: running questions finish first');
    const kept = readResults(out);
    // Every result announced was written whole, and the questions running at Ctrl-C finished.
    expect(kept.length).toBe(interrupted.stderr.match(/^\[\d+\/10\]/gm)?.length);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBeLessThan(10);
    expect(interrupted.stderr).toContain(`Interrupted with ${10 - kept.length} questions left`);

    const resumed = await runCli(args, { cwd: setup.directory });
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`${kept.length} already in the results; ${10 - kept.length} to run`);
    const all = readResults(out);
    expect(all).toHaveLength(10);
    expect(new Set(all.map((result) => result.id)).size).toBe(10);
  });

  it('Ctrl-C twice cancels the running questions: they leave no result and run next time', async () => {
    setup.server.setResponder(() => ({ type: 'hang' }));
    const { questions, single, out } = writeBatchFiles(setup, 4);
    const args = batchArgs(questions, single, out, '--concurrency', '2', '--no-record');
    const started = startCli(args, { cwd: setup.directory });
    await setup.server.waitForRequests(2);
    started.child.kill('SIGINT');
    await waitForStderr(started.child, /Stopping/);
    started.child.kill('SIGINT');
    const cancelled = await started.done;
    expect(cancelled.code).toBe(4);
    expect(cancelled.stderr).toContain('Cancelling the running questions');
    expect(cancelled.stderr).toContain('Interrupted with 4 questions left');
    expect(readResults(out)).toEqual([]);

    setup.server.setResponder(sumTeam());
    const resumed = await runCli(args, { cwd: setup.directory });
    expect(resumed.code).toBe(0);
    expect(readResults(out)).toHaveLength(4);
  });

  it('drops a result line cut short by a crash and runs that question again', async () => {
    const { questions, single, out } = writeBatchFiles(setup, 2);
    const args = batchArgs(questions, single, out, '--no-record');
    expect((await runCli(args, { cwd: setup.directory })).code).toBe(0);
    const [first, second] = readFileSync(out, 'utf8').trim().split('\n');
    writeFileSync(out, `${first}\n`);
    appendFileSync(out, (second ?? '').slice(0, 30));

    const repaired = await runCli(args, { cwd: setup.directory });
    expect(repaired.code).toBe(0);
    expect(repaired.stderr).toContain(`warning: ${out} ended in a partly written line; it was dropped and runs again`);
    expect(repaired.stderr).toContain('1 already in the results; 1 to run');
    expect(readResults(out)).toHaveLength(2);
  });

  it('holds model calls to --provider-concurrency across all runs', async () => {
    const arrivals = recordArrivals(setup.server, 40);
    const { questions, team: teamFile, out } = writeBatchFiles(setup, 3);
    const run = await runCli(
      batchArgs(
        questions,
        teamFile,
        out,
        '--concurrency',
        '3',
        '--provider-concurrency',
        'chatcompletion=1',
        '--no-record',
      ),
      { cwd: setup.directory },
    );
    expect(run.code).toBe(0);
    // One call at a time: each starts after the previous one's reply, which the server held 40 ms.
    expect(arrivals.shortestGap()).toBeGreaterThanOrEqual(39);
  });

  it('scores with a TypeScript scorer module', async () => {
    writeFileSync(
      path.join(setup.directory, 'ends-with.ts'),
      `export default function ({ answer, expected }: { answer: string; expected: unknown }): boolean {
  return answer.replace(/\\.$/, '').endsWith(String(expected));
}
`,
    );
    const { questions, single } = writeBatchFiles(setup, 2);
    const run = await runCli(
      batchArgs(questions, single, path.join(setup.directory, 'r.jsonl'), '--scorer', 'ends-with.ts', '--no-record'),
      { cwd: setup.directory },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Summary (scorer: ends-with.ts;');
    // The weak agent gets q1 wrong (4 for 3) and q2 right.
    expect(run.stdout).toMatch(/single: 2 results, 0 failed, accuracy 50\.0% .*\(1\/2\)/);

    const summary = await runCli(['batch', 'summary', path.join(setup.directory, 'r.jsonl'), '--scorer', 'exact'], {
      cwd: setup.directory,
    });
    expect(summary.code).toBe(0);
    // "It is 6." is not exactly "6".
    expect(summary.stdout).toMatch(/single: 2 results, 0 failed, accuracy 0\.0% .*\(0\/2\)/);
  });

  it('stops at a bad questions file, configuration or flag with an error that names it', async () => {
    const { questions: good, single } = writeBatchFiles(setup, 1);
    const questions = path.join(setup.directory, 'bad.jsonl');
    writeFileSync(questions, '{"id": "a", "question": "fine"}\n{"question": \n');
    const badLine = await runCli(['batch', questions, '-c', single, '-o', 'r.jsonl'], { cwd: setup.directory });
    expect(badLine.code).toBe(1);
    expect(badLine.stderr).toContain(
      `massgen batch: Problems in the questions file ${questions}:\n  line 2: not valid JSON`,
    );

    const missing = await runCli(['batch', good, '-c', 'nope.yaml', '-o', 'r.jsonl'], { cwd: setup.directory });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `Cannot read the configuration ${path.join(setup.directory, 'nope.yaml')}: ENOENT`,
    );

    const flag = await runCli(['batch', good, '-c', single, '-o', 'r.jsonl', '--provider-rpm', 'openai'], {
      cwd: setup.directory,
    });
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain('--provider-rpm openai: expected BACKEND_TYPE=N');

    const usage = await runCli(['batch', good, '-c', single], { cwd: setup.directory });
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: massgen batch QUESTIONS.jsonl --config TEAM.yaml');
  });
});
