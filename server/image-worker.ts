// The image process (decision 019): encodes the pictures the web server sends, one at a time, and answers.
import sharp from "sharp";
import { runImageJob, type ImageJob } from "~/features/media/image-encoder.server";

// Each picture is read once; a cache of decoded images would only hold memory between uploads.
sharp.cache(false);

process.on("message", (job: ImageJob) => {
  void runImageJob(job).then((answer) => process.send!(answer));
});
// The web server disconnects after a quiet while, or has gone: either way, end and give the memory back.
process.on("disconnect", () => process.exit(0));
