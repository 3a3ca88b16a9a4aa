import type { ToolPackageSettings, ToolSettingsCheckContext, ToolSource, ToolSourceContext } from '@massgen/core';
import { findSkills } from './skill-catalog.js';
import { skillDirectories } from './skills-settings.js';
import type { SkillsRunSettings } from './skills-settings.js';
import { createSkillsToolSource } from './skills-tool-source.js';

export const specificationVersion = 'v1' as const;

export { skillsRunSettingsSchema as runSettingsSchema, type SkillsRunSettings } from './skills-settings.js';
export { findSkills, readSkill, type Skill, type SkillCatalog } from './skill-catalog.js';
export { skillTools, skillFileLimitBytes } from './skill-tools.js';

/** On when the configuration names the package, unless upstream's `use_skills` is false. */
export function isActive(settings: ToolPackageSettings<unknown, SkillsRunSettings>): boolean {
  return settings.run !== undefined && settings.run.use_skills !== false;
}

/** `massgen --validate` says which skills the agents will be offered, or why none. */
export async function checkSettings(context: ToolSettingsCheckContext<unknown, SkillsRunSettings>): Promise<[]> {
  if (!isActive(context.settings)) return [];
  const directories = skillDirectories(context.settings.run, context.baseDir);
  const catalog = await findSkills(directories);
  context.note(
    catalog.skills.length === 0
      ? `skills: none found in ${directories.join(', ')}; agents get no skill tools`
      : `skills: ${catalog.skills.map((skill) => skill.name).join(', ')} (from ${directories.join(', ')})`,
  );
  for (const problem of catalog.problems) context.note(`skills: left out ${problem}`);
  return [];
}

export function createToolSource(context: ToolSourceContext<unknown, SkillsRunSettings>): Promise<ToolSource> {
  return createSkillsToolSource(context);
}
