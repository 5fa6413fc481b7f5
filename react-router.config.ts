import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The server build has two entries (vite.config.ts): index.js, the server, and image-worker.js, the image process
  // it starts. React Router names the server build's entry files with this, as Rollup's entryFileNames.
  serverBuildFile: "[name].js",
  // Adopt React Router 8's behaviour now, so the upgrade is a version bump.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
