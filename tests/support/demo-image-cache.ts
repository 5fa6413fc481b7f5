import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Where the tests keep the demo's encoded pictures between seeds (DEMO_IMAGE_CACHE_DIR): every seed of a fresh
 * database or server after the first copies them instead of encoding them again.
 */
export const demoImageCacheDirectory = path.join(tmpdir(), "scene-demo-image-cache");
