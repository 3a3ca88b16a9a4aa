import { lstat, open, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '@massgen/core';
import { defineTool } from '@massgen/tool-utils';
import { isWithin } from '@massgen/workspace';
import { z } from 'zod';
import type { Skill } from './skill-catalog.js';

/** What `read_skill_file` returns at most, so one large file cannot fill the model's context. */
export const skillFileLimitBytes = 256 * 1024;
const listedFilesLimit = 200;

/**
 * The two tools an agent gets when skills are found: `load_skill` (the instructions, and the
 * skill's other files) and `read_skill_file` (one of those files). The skills are named in the
 * tool's description, so the model knows what exists without loading anything.
 */
export function skillTools(skills: readonly Skill[]): Tool[] {
  const byName = new Map(skills.map((skill) => [skill.name, skill]));
  const names = skills.map((skill) => skill.name) as [string, ...string[]];
  const skillName = z.enum(names).describe('The skill, by its name in the list above.');
  const list = skills.map((skill) => `- ${skill.name}: ${oneLine(skill.description)}`).join('\n');
  const loadSkill = defineTool({
    name: 'load_skill',
    readOnly: true,
    description: `Load a skill: its instructions, and the list of the other files it comes with. Load one when the task matches its description, before doing the work it covers.\nSkills:\n${list}`,
    inputSchema: z.strictObject({ name: skillName }),
    execute: async ({ name }) => {
      const skill = byName.get(name);
      if (skill === undefined) return { content: `No skill is named ${name}.`, isError: true };
      const files = await listFiles(skill.directory);
      const fileList =
        files.length === 0
          ? 'It has no other files.'
          : `Its other files (read one with read_skill_file):\n${files.map((file) => `- ${file}`).join('\n')}`;
      return `# Skill: ${skill.name}\n\n${skill.instructions}\n\n${fileList}`;
    },
  });
  const readSkillFile = defineTool({
    name: 'read_skill_file',
    readOnly: true,
    description: "Read one of a skill's files (a path load_skill listed, relative to the skill's folder).",
    inputSchema: z.strictObject({
      name: skillName,
      path: z.string().min(1).describe("The file's path inside the skill's folder, as load_skill listed it."),
    }),
    execute: async ({ name, path: relative }) => {
      const skill = byName.get(name);
      if (skill === undefined) return { content: `No skill is named ${name}.`, isError: true };
      return readInside(skill, relative);
    },
  });
  return [loadSkill, readSkillFile];
}

/** Reads a file only when its real path, links followed, lies in the skill's real folder. */
async function readInside(skill: Skill, relative: string): Promise<{ content: string; isError?: boolean }> {
  const outside = { content: `${relative} is not a file of the skill ${skill.name}.`, isError: true };
  if (path.isAbsolute(relative)) return outside;
  let folder: string;
  let file: string;
  try {
    folder = await realpath(skill.directory);
    file = await realpath(path.join(skill.directory, relative));
  } catch {
    return { content: `The skill ${skill.name} has no file ${relative}.`, isError: true };
  }
  if (!isWithin(folder, file) || file === folder) return outside;
  const handle = await open(file, 'r');
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return outside;
    const length = Math.min(stats.size, skillFileLimitBytes);
    const buffer = Buffer.alloc(length);
    await handle.read(buffer, 0, length, 0);
    if (buffer.includes(0))
      return { content: `${relative} is a binary file; only text files can be read.`, isError: true };
    const text = buffer.toString('utf8');
    return {
      content:
        stats.size > skillFileLimitBytes
          ? `${text}\n\n[${relative} is ${stats.size} bytes; only the first ${skillFileLimitBytes} are shown]`
          : text,
    };
  } finally {
    await handle.close();
  }
}

/** The skill's files other than SKILL.md, relative to its folder; links are not followed. */
async function listFiles(directory: string): Promise<string[]> {
  const names = (await readdir(directory, { recursive: true, encoding: 'utf8' })).sort();
  const files: string[] = [];
  for (const name of names) {
    if (files.length === listedFilesLimit) break;
    if (name === 'SKILL.md') continue;
    if ((await lstat(path.join(directory, name))).isFile()) files.push(name);
  }
  return files;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
