import { describe, expect, it } from 'vitest';
import { chooseConfinement } from './command-confinement.js';
import type { ConfinementProbes } from './command-confinement.js';

const sandboxOk = () => ({ available: true }) as const;
const noBwrap = () =>
  ({
    available: false,
    reason: 'bubblewrap (bwrap) is not installed',
    remedy: 'install bubblewrap: `sudo apt-get install bubblewrap`',
  }) as const;
const engine = async () => ({ reachable: true, version: '28.2.2' }) as const;
const noEngine = async () =>
  ({ reachable: false, reason: 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock' }) as const;

const probes = (sandbox: ConfinementProbes['sandbox'], docker: ConfinementProbes['docker']): ConfinementProbes => ({
  sandbox,
  docker,
});

describe('chooseConfinement', () => {
  it('defaults to the OS sandbox, and says how to get it when this machine has none', async () => {
    expect(await chooseConfinement({}, probes(sandboxOk, engine))).toMatchObject({ kind: 'sandbox' });
    const fallback = await chooseConfinement({}, probes(noBwrap, engine));
    expect(fallback.kind).toBe('local');
    expect(fallback.why).toContain('bubblewrap (bwrap) is not installed');
    expect(fallback.why).toContain('sudo apt-get install bubblewrap');
  });

  it('refuses an explicit sandbox it cannot give', async () => {
    const refused = await chooseConfinement({ mode: 'sandbox' }, probes(noBwrap, engine));
    expect(refused.kind).toBe('refused');
    expect(refused.why).toMatch(
      /command_line_execution_mode is sandbox, but bubblewrap .*sudo apt-get install bubblewrap/,
    );
  });

  it('labels local mode unconfined', async () => {
    const local = await chooseConfinement({ mode: 'local' }, probes(sandboxOk, engine));
    expect(local).toMatchObject({ kind: 'local' });
    expect(local.why).toContain('unconfined');
  });

  it('uses Docker when an engine answers, the OS sandbox when none does, and refuses when Docker is required', async () => {
    expect(await chooseConfinement({ mode: 'docker' }, probes(sandboxOk, engine))).toMatchObject({ kind: 'docker' });
    const instead = await chooseConfinement({ mode: 'docker' }, probes(sandboxOk, noEngine));
    expect(instead.kind).toBe('sandbox');
    expect(instead.why).toContain('Cannot connect to the Docker daemon');
    const required = await chooseConfinement({ mode: 'docker', requireDocker: true }, probes(sandboxOk, noEngine));
    expect(required.kind).toBe('refused');
    expect(required.why).toContain('require_docker: true');
    const neither = await chooseConfinement({ mode: 'docker' }, probes(noBwrap, noEngine));
    expect(neither.kind).toBe('refused');
    expect(neither.why).toContain('sudo apt-get install bubblewrap');
  });
});
