// Runs the golden vectors inside the test suite too, so they count toward coverage.
import { describe, expect, it } from "vitest";
import { findVectorFiles, loadVectors, runVector } from "../scripts/vector-runner.ts";

for (const file of findVectorFiles("test/vectors")) {
  describe(file, () => {
    for (const v of loadVectors(file)) {
      it(v.name, () => {
        const r = runVector(v, file);
        expect(r.problems).toEqual([]);
      });
    }
  });
}
