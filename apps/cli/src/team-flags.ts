/** The flags that chose a run's team, as the user gave them. */
export interface GivenTeamFlags {
  config?: string;
  model?: string;
  backend?: string;
  baseUrl?: string;
  systemMessage?: string;
  example?: string;
}

/**
 * The team's flags written back as a command line, for a hint that tells the user what to run
 * next (`massgen --config team.yaml --execute-plan ...`): the same team again, never a placeholder.
 * Empty when no flag chose it (the local default, or a session's own team).
 */
export function teamFlagsText(flags: GivenTeamFlags): string {
  const pairs: Array<[string, string | undefined]> = [
    ['--config', flags.config],
    ['--example', flags.example],
    ['--model', flags.model],
    ['--backend', flags.backend],
    ['--base-url', flags.baseUrl],
    ['--system-message', flags.systemMessage],
  ];
  return pairs
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([flag, value]) => `${flag} ${shellArgument(value)}`)
    .join(' ');
}

/** Quoted only when a shell would otherwise split or expand it. */
function shellArgument(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
