import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/** Contact details shown on the public pages; set them when building (see README). */
const contact = {
  email: process.env.CONTACT_EMAIL || 'support@chairfill.example.com',
  phone: process.env.CONTACT_PHONE || '(555) 010-0199',
  address: process.env.CONTACT_ADDRESS || '100 Example Way, Suite 200, Tampa, FL 33602',
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@shared': path.resolve(import.meta.dirname, 'src/shared'),
      '@web': path.resolve(import.meta.dirname, 'src/web'),
    },
  },
  define: {
    __CONTACT__: JSON.stringify(contact),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
