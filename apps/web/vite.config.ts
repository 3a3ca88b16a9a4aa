import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Relative asset paths: the same build is served by `massgen web` and inlined into exported files.
  base: './',
  resolve: { conditions: ['@massgen/source'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One script and one stylesheet: an exported run inlines them into a single file.
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
  },
});
