// Stands in for build/server/image-worker.js in tests/integration/image-encoder.test.ts: the same messages, no
// pictures. An avatar job answers the process id and how many jobs it was given at once; a job whose first byte
// is 0 ends the process; an encode job answers an error as the real process answers an UploadError.
let running = 0;
process.on("message", async (job) => {
  running += 1;
  const atOnce = running;
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (job.input[0] === 0) process.exit(3);
  running -= 1;
  if (job.kind === "encode") {
    process.send({
      id: job.id,
      error: { message: "Kunne ikke uploade billede", reason: "Not a picture", detail: "Filen er ikke et billede." },
    });
    return;
  }
  process.send({ id: job.id, result: new TextEncoder().encode(`${process.pid} ${atOnce}`) });
});
process.on("disconnect", () => process.exit(0));
