import { useEffect, useState } from 'react';

type Theme = 'system' | 'light' | 'dark';
const storageKey = 'massgen-theme';
const names: Record<Theme, string> = { system: 'Theme: system', light: 'Theme: light', dark: 'Theme: dark' };
const order: Theme[] = ['system', 'light', 'dark'];

/** Light, dark, or as the system says; remembered in this browser. */
export function ThemeSwitch() {
  const [theme, setTheme] = useState<Theme>(() => {
    const saved = readSaved();
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  });
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset['theme'];
    else document.documentElement.dataset['theme'] = theme;
    try {
      localStorage.setItem(storageKey, theme);
    } catch {
      // A file opened from disk may have no storage; the choice then lasts until it is closed.
    }
  }, [theme]);
  return (
    <button type="button" onClick={() => setTheme(order[(order.indexOf(theme) + 1) % order.length] ?? 'system')}>
      {names[theme]}
    </button>
  );
}

function readSaved(): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}
