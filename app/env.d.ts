/** Replaced at build time by Vite with the build's id (vite.config.ts). */
declare const __BUILD_ID__: string;
