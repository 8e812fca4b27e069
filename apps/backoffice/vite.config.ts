import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** /login is its own page (login.html), as the server serves it; every other path falls back to the app. */
function signInPage(): Plugin {
  return {
    name: 'bo-sign-in-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '';
        if (url === '/login' || url.startsWith('/login?')) req.url = `/login.html${url.slice(6)}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), signInPage()],
  server: { port: 5173, proxy: { '/api': api, '/healthz': api } },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // bench/bundle.mjs reads what each page loads from the manifest.
    manifest: true,
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        login: path.resolve(import.meta.dirname, 'login.html'),
      },
    },
  },
});
