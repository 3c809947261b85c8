import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Runs the test files of vitest.scripts.config.ts in a fixed order, the quick unit files before
 * the ones that run builds or git. Under Stryker (which stops at the first failing test) a
 * mutant the unit tests kill is then never waited on by a build; vitest's own order puts the
 * slowest files first.
 */
const LAST = ["breaking-git.test.ts", "build-pipeline.test.ts"];

export default class FastFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => LAST.findIndex((name) => spec.moduleId.endsWith(name));
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}
