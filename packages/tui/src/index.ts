export { DisplayStore, defaultFrameIntervalMs, type DisplayStoreOptions } from './display-store.js';
export { keyAction, stepFocus, type KeyAction, type KeyPress } from './key-bindings.js';
export { startLiveDisplay, type StartLiveDisplayOptions } from './live-display.js';
export { mountLiveDisplay } from './live-display-mount.js';
export type { LiveDisplay, LiveDisplayOptions } from './live-display-options.js';
export { LiveRunApp, type LiveRunAppProps } from './live-run-app.js';
export { RunScreen, type RunScreenProps, type ScreenOptions } from './run-screen.js';
export { planLayout, type AgentsLayout, type LayoutInput, type ScreenLayout } from './screen-layout.js';
export type { TerminalSize } from './terminal-size.js';
export {
  colorTheme,
  monochromeTheme,
  ThemeContext,
  themeForEnvironment,
  type Theme,
  type ThemeColor,
} from './theme.js';
