import { execSync } from "node:child_process";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { precompressAssets } from "./build-tools/precompress";

function gitShortSha() {
  try {
    return execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "nogit";
  }
}

/** Every build gets its own id; clients compare it with the server's to notice a deploy. */
const buildId =
  process.env.BUILD_ID ?? `${new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14)}-${gitShortSha()}`;

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // The server bundle's entry is our Express app, which imports React Router's server build; beside it the image
  // process that the server starts (decision 019).
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          input: { index: "./server/app.ts", "image-worker": "./server/image-worker.ts" },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), precompressAssets()],
});
