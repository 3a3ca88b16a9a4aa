import { useEffect, useState } from 'react';

export type Route = { page: 'home' } | { page: 'run'; runId: string };

/** `#/` is the home page, `#/runs/<id>` a run: hash routes work from the server and from a file alike. */
export function parseRoute(hash: string): Route {
  const match = /^#\/runs\/([^/]+)\/?$/.exec(hash);
  if (match?.[1] !== undefined) {
    try {
      return { page: 'run', runId: decodeURIComponent(match[1]) };
    } catch {
      return { page: 'home' };
    }
  }
  return { page: 'home' };
}

export function useHashRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onChange = (): void => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
