import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/images': apiTarget },
  },
  // The manifest lets scripts/check-bundle-size.mjs find what the home route loads.
  build: { target: 'es2022', sourcemap: true, manifest: true },
});
