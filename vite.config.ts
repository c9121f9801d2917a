import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in web/ and is built to dist/web, which the server serves in production.
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: { outDir: '../dist/web', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
});
