import type { RunEvent } from '@massgen/core';

/** The element `massgen logs export --html` writes a run's events into (see @massgen/server's renderRunHtml). */
const elementId = 'massgen-run-events';

/** The run embedded in an exported file, or undefined when the page was served. */
export function embeddedRunEvents(): RunEvent[] | undefined {
  const element = document.getElementById(elementId);
  if (element === null) return undefined;
  return JSON.parse(element.textContent ?? '[]') as RunEvent[];
}
