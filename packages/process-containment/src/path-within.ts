/** Whether `file` is one of `directories` or lies inside one (compared as absolute paths). */
export function within(file: string, directories: readonly string[]): boolean {
  return directories.some((directory) => directory === '/' || file === directory || file.startsWith(`${directory}/`));
}
