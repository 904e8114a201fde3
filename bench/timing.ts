/** Runs `fn` for about `ms` after a 200 ms warm-up; the calls made and the time of each. */
export function timeIt(ms: number, fn: () => unknown): { perCall: number; perSecond: number; n: number } {
  const warm = performance.now();
  while (performance.now() - warm < 200) fn();
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 100; i++) fn();
    n += 100;
    now = performance.now();
  }
  return { perCall: (now - start) / n, perSecond: (n * 1000) / (now - start), n };
}
