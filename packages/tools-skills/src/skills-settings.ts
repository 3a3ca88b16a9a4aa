import path from 'node:path';
import { z } from 'zod';

/**
 * `tools.skills` at the top of the file, or upstream's `orchestrator.coordination.use_skills`
 * and `skills_directory`, which the configuration hands this package under the same names.
 */
export const skillsRunSettingsSchema = z.strictObject({
  directories: z
    .array(z.string().min(1), { error: 'expected a list of directories that hold skill folders' })
    .min(1)
    .optional()
    .describe(
      'Directories whose sub-folders are skills (each with a SKILL.md); relative to the configuration file. Default: .agent/skills',
    ),
  use_skills: z.boolean().optional().describe("Upstream's switch for skills; false turns them off."),
  skills_directory: z
    .string()
    .min(1)
    .optional()
    .describe("Upstream's single skills directory; added to `directories`."),
});

export type SkillsRunSettings = z.output<typeof skillsRunSettingsSchema>;

export const defaultSkillsDirectory = '.agent/skills';

/** The directories to look in, absolute: relative ones are resolved against the configuration's directory. */
export function skillDirectories(settings: SkillsRunSettings | undefined, baseDir: string): string[] {
  const written = [
    ...(settings?.directories ?? []),
    ...(settings?.skills_directory === undefined ? [] : [settings.skills_directory]),
  ];
  const directories = written.length === 0 ? [defaultSkillsDirectory] : written;
  return [...new Set(directories.map((directory) => path.resolve(baseDir, directory)))];
}
