import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const alias = {
  '#shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '#server': fileURLToPath(new URL('./src/server', import.meta.url)),
  '#web': fileURLToPath(new URL('./src/web', import.meta.url)),
};

// The API server listens on API_PORT in development; Vite serves the app on PORT
// and forwards everything the server owns.
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
});
