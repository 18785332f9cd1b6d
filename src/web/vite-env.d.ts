/// <reference types="vite/client" />

declare const __CONTACT__: { email: string; phone: string; address: string };
