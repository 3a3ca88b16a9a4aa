import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';

/** One skill: a folder with a SKILL.md whose front matter names and describes it. */
export interface Skill {
  name: string;
  description: string;
  /** The skill's folder, absolute. */
  directory: string;
  /** SKILL.md without its front matter: the instructions an agent loads. */
  instructions: string;
}

export interface SkillCatalog {
  skills: Skill[];
  /** Folders and files that could not be read as skills, each with why, for a warning. */
  problems: string[];
  /** Directories that do not exist. */
  missing: string[];
}

const skillNamePattern = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * The skills in `directories` (absolute): each sub-folder with a SKILL.md. The first directory
 * that has a skill of a given name wins, so a project's own skills can shadow shared ones.
 */
export async function findSkills(directories: readonly string[]): Promise<SkillCatalog> {
  const catalog: SkillCatalog = { skills: [], problems: [], missing: [] };
  const seen = new Set<string>();
  for (const directory of directories) {
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (errorCode(error) === 'ENOENT') catalog.missing.push(directory);
      else catalog.problems.push(`${directory}: ${errorMessage(error)}`);
      continue;
    }
    for (const entry of entries.sort((left, right) => left.name.localeCompare(right.name))) {
      const folder = path.join(directory, entry.name);
      if (!(await isDirectory(folder))) continue;
      const file = path.join(folder, 'SKILL.md');
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') catalog.problems.push(`${file}: ${errorMessage(error)}`);
        continue;
      }
      const skill = readSkill(folder, text);
      if (typeof skill === 'string') {
        catalog.problems.push(`${file}: ${skill}`);
        continue;
      }
      if (seen.has(skill.name)) continue;
      seen.add(skill.name);
      catalog.skills.push(skill);
    }
  }
  return catalog;
}

/**
 * A SKILL.md's front matter and body, or why it is not a skill. The front matter is the YAML
 * between a first line `---` and the next `---`, as Agent Skills define it; the `yaml` package
 * parses it (front-matter libraries that also evaluate `---js` blocks are not wanted for files
 * a configuration points at).
 */
export function readSkill(directory: string, text: string): Skill | string {
  const content = text.replace(/^\uFEFF/, '');
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(content);
  if (match === null) return 'expected front matter (a first line "---", name and description, then "---")';
  let data: unknown;
  try {
    data = parse(match[1] ?? '');
  } catch (error) {
    return `its front matter is not valid YAML: ${errorMessage(error)}`;
  }
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const { name, description } = fields;
  if (typeof name !== 'string' || !skillNamePattern.test(name))
    return 'expected "name" in its front matter: lower-case letters, digits and "-", at most 64 characters';
  if (typeof description !== 'string' || description.trim() === '')
    return 'expected "description" in its front matter: what the skill is for and when to use it';
  return {
    name,
    description: description.trim(),
    directory,
    instructions: content.slice(match[0].length).trim(),
  };
}

async function isDirectory(candidate: string): Promise<boolean> {
  try {
    return (await stat(candidate)).isDirectory();
  } catch {
    return false;
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
