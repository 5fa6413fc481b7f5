// Starts Scene. Production runs the built server bundle; `--dev` runs the sources through Vite.
const development = process.argv.includes("--dev");

// NODE_ENV=production set by the operator marks a real deployment, where secrets must be given
// (app/config/env.server.ts). A plain `npm start` also runs in production mode, with generated secrets.
const declaredDeployment = process.env.NODE_ENV === "production";
process.env.NODE_ENV = development ? "development" : "production";

if (development) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await vite.ssrLoadModule("./server/app.ts");
  await startServer({ vite, declaredDeployment: false });
} else {
  const { startServer } = await import("./build/server/index.js");
  await startServer({ declaredDeployment });
}
