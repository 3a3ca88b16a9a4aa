import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTeamResponder } from '@massgen/testing';
import { runCli } from './run-cli.js';
import { useTeamFixture } from './team-fixture.js';

const fixture = useTeamFixture('request-limits');

describe('massgen with max_concurrent_requests', () => {
  it(
    'holds a team of 50 on one provider to its limit, and says so in one line, not one per waiting agent',
    { timeout: 240_000 },
    async () => {
      // Each reply takes a while, so without the limit the whole team would be in flight at once.
      fixture.server.setResponder(
        createTeamResponder({ answer: 'Four.', finalText: 'The answer is 4.', latencyMs: 30 }),
      );
      const fifty = Array.from({ length: 50 }, (_, index) => `agent${String(index + 1).padStart(2, '0')}`);
      const file = fixture.writeTeam(fifty);
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replaceAll('api_key: k }', 'api_key: k, max_concurrent_requests: 4 }'),
      );

      const result = await runCli(['--no-display', '--config', file, 'What is 2+2?'], { cwd: fixture.directory });

      expect(result.code, result.stderr.slice(-2000)).toBe(0);
      expect(result.stdout).toBe('The answer is 4.\n');
      expect(fixture.server.requests.length).toBeGreaterThan(100);
      expect(fixture.server.peakActiveResponses).toBe(4);
      const said = result.stderr.split('\n').filter((line) => line.includes('free request slot'));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(
        /Requests to chatcompletion at http:\/\/127\.0\.0\.1:\d+\/v1 are held to 4 at once \(backend\.max_concurrent_requests\): agent\d\d waits first for a free request slot, and the agents after it wait their turn/,
      );
      expect(result.stderr).not.toContain('has sent nothing');
      // The record keeps the same one notice.
      const notices = fixture
        .recordedEvents()
        .filter((event) => event.type === 'warning' && event.warning.code === 'waiting-for-request-slot');
      expect(notices).toHaveLength(1);
    },
  );

  it('--validate names the key path of a limit that is not a positive whole number', async () => {
    const file = fixture.writeTeam(['alpha', 'beta'], 'orchestrator:\n  max_concurrent_requests: 0\n');
    const result = await runCli(['--validate', file], { cwd: fixture.directory });
    expect(result.code).toBe(1);
    expect(result.stderr + result.stdout).toMatch(/orchestrator\.max_concurrent_requests.*got 0/);
  });
});
