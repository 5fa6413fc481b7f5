// Starts Scene. Production runs the built server bundle; `--dev` runs the sources through Vite.
const development = process.argv.includes("--dev");

if (development) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { startServer } = await vite.ssrLoadModule("./server/app.ts");
  await startServer({ vite });
} else {
  const { startServer } = await import("./build/server/index.js");
  await startServer();
}
