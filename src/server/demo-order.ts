import type { AreaManifest, DemoStep } from './kernel/area';

/**
 * The order of the areas' demo steps: every step after the steps it names,
 * and among steps that may run at the same point the one of the area with the
 * smaller name first, so the demo is written in the same order on every start
 * whatever the order of the area list. Throws on a step that names an area
 * without one, or on a circle.
 */
export function demoOrder(areas: readonly AreaManifest[]): { area: string; step: DemoStep }[] {
  const steps = new Map(areas.filter((a) => a.demo).map((a) => [a.name, a.demo!]));
  for (const [area, step] of steps)
    for (const before of step.after)
      if (!steps.has(before)) throw new Error(`Demo step of ${area} runs after ${before}, which has no demo step`);
  const done = new Set<string>();
  const out: { area: string; step: DemoStep }[] = [];
  while (out.length < steps.size) {
    const ready = [...steps]
      .filter(([area, step]) => !done.has(area) && step.after.every((b) => done.has(b)))
      .map(([area]) => area)
      .sort();
    if (!ready.length) throw new Error(`Demo steps wait for each other: ${[...steps.keys()].filter((a) => !done.has(a)).join(', ')}`);
    done.add(ready[0]!);
    out.push({ area: ready[0]!, step: steps.get(ready[0]!)! });
  }
  return out;
}
