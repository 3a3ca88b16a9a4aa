import { packageConfig } from '../../scripts/tsup-package.mjs';

export default packageConfig({
  // An optional dependency: it must stay an import the user installs (or not), never bundled.
  external: ['@anthropic-ai/claude-agent-sdk'],
});
