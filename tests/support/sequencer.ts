import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (on a fresh clone, which knows no durations yet: the largest files first), except that files
 * which start processes of their own go before all others. The smallest of them runs a browser and a server for
 * 15–50 s; last in line, it ran alone on one of the two workers for the last 17 s of a fresh clone's run.
 */
export default class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const first: TestSpecification[] = [];
    const rest: TestSpecification[] = [];
    for (const file of await super.sort(files)) {
      (readFileSync(file.moduleId, "utf8").includes('from "node:child_process"') ? first : rest).push(file);
    }
    return [...first, ...rest];
  }
}
