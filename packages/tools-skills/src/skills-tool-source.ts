import type { ToolSource, ToolSourceContext } from '@massgen/core';
import { findSkills } from './skill-catalog.js';
import { skillDirectories } from './skills-settings.js';
import type { SkillsRunSettings } from './skills-settings.js';
import { skillTools } from './skill-tools.js';

/**
 * Finds the skills once, when the run opens the package, and gives every agent the same two
 * tools. A directory that does not exist, or holds no skill, is a warning: the run goes on
 * without skills rather than failing on an optional folder.
 */
export async function createSkillsToolSource(
  context: ToolSourceContext<unknown, SkillsRunSettings>,
): Promise<ToolSource> {
  const directories = skillDirectories(context.settings.run, context.baseDir);
  const catalog = await findSkills(directories);
  for (const problem of catalog.problems) {
    context.warn({ code: 'skills-unreadable', message: `A skill was left out: ${problem}` });
  }
  if (catalog.skills.length === 0) {
    const where = directories.join(', ');
    context.warn({
      code: 'skills-none',
      message: `Skills are on, but no skill folder (a folder with a SKILL.md) was found in ${where}${catalog.missing.length > 0 ? ` (${catalog.missing.join(', ')} does not exist)` : ''}; agents get no skill tools.`,
    });
  }
  const tools = catalog.skills.length === 0 ? [] : skillTools(catalog.skills);
  return {
    name: 'skills',
    toolsFor: () => tools,
    close: async () => {},
  };
}
