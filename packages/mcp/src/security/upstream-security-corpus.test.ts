import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@massgen/config';
import { parseToolPackageSettings } from '@massgen/runtime';
import * as mcpPackage from '../index.js';
import type { McpServerConfig, McpServers } from '../mcp-servers-settings.js';

/** Upstream MassGen's configurations, beside the repository; the test skips (and says so) without them. */
const corpus = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/compat/massgen-upstream-configs',
);
const present = fs.existsSync(corpus);
const title = present
  ? "upstream configurations' MCP security blocks"
  : `upstream configurations' MCP security blocks (skipped: ${corpus} does not exist)`;

describe.skipIf(!present)(title, () => {
  it('reads every security block as a policy, with no key left unused', async () => {
    const files = fs
      .readdirSync(corpus, { recursive: true, encoding: 'utf8' })
      .filter(
        (file) => file.endsWith('.yaml') && fs.readFileSync(path.join(corpus, file), 'utf8').includes('security:'),
      );
    const secured: Array<{ file: string; server: McpServerConfig }> = [];
    for (const file of files) {
      const config = await loadConfig(path.join(corpus, file), { cwd: corpus, env: {} });
      const entry = config.tools.find((candidate) => candidate.name === 'mcp');
      if (entry === undefined) continue;
      const { settings, issues } = parseToolPackageSettings(config, entry, mcpPackage);
      expect(issues).toEqual([]);
      for (const { settings: agent } of settings.agents as ReadonlyArray<{ settings: McpServers }>) {
        expect(agent.ignoredKeys).toEqual([]);
        for (const server of agent.servers) if (server.security !== undefined) secured.push({ file, server });
      }
    }
    expect(new Set(secured.map(({ file }) => file)).size).toBe(14);
    expect(new Set(secured.map(({ server }) => server.security?.level))).toEqual(
      new Set(['strict', 'moderate', 'permissive']),
    );
    expect(secured.find(({ server }) => server.security?.level === 'permissive')?.server).toMatchObject({
      type: 'streamable-http',
      security: { allowLocalhost: true, allowPrivateIps: true, resolveDns: false },
    });
  });
});
