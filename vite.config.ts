import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Builds the React side: the islands bundle (hydrates [data-island] on pages that have one), the editor
// preview and the admin screens. Output in dist/app with a manifest the server reads for hashed names.
export default defineConfig({
  plugins: [react()],
  base: '/assets/app/',
  publicDir: false,
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2020',
    rollupOptions: {
      input: {
        islands: 'react-app/islands/main.tsx',
        editor: 'react-app/editor/main.tsx',
        'editor-canvas': 'react-app/editor/canvas-main.ts',
        admin: 'admin/main.tsx',
      },
    },
  },
});
