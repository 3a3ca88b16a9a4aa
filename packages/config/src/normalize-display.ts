import type { DisplaySettings } from './config-model.js';
import type { ParsedConfig } from './config-schema.js';
import type { PathWarning } from './findings.js';
import type { Dialect } from './known-keys.js';

const displayTypes: Record<string, DisplaySettings['type']> = {
  textual: 'textual',
  textual_terminal: 'textual',
  rich: 'rich',
  rich_terminal: 'rich',
  simple: 'simple',
  none: 'none',
  silent: 'none',
};

/**
 * Display settings from the seed's `display` block and upstream's `ui` block. Upstream reads
 * only `ui.display_type`, so it wins when both are given. Without either, each dialect gets
 * its own default: the seed article's Textual UI, upstream's Rich terminal.
 */
export function normalizeDisplay(config: ParsedConfig, dialect: Dialect, warnings: PathWarning[]): DisplaySettings {
  const fromUi = config.ui?.display_type == null ? undefined : displayTypes[config.ui.display_type];
  const fromDisplay = config.display?.type == null ? undefined : displayTypes[config.display.type];
  if (fromUi !== undefined && fromDisplay !== undefined && fromUi !== fromDisplay) {
    warnings.push({
      code: 'overridden-key',
      segments: ['display', 'type'],
      message: `display.type ("${config.display?.type}") is overridden by ui.display_type ("${config.ui?.display_type}")`,
    });
  }
  if (config.ui?.logging_enabled === false) {
    warnings.push({
      code: 'unsupported-feature',
      segments: ['ui', 'logging_enabled'],
      message: 'ui.logging_enabled: MassGen-TS does not support turning the run record off; this setting has no effect',
    });
  }
  return {
    type: fromUi ?? fromDisplay ?? (dialect === 'upstream' ? 'rich' : 'textual'),
    liveTimeline: config.display?.live_timeline ?? true,
    showAgentCards: config.display?.show_agent_cards ?? true,
  };
}
