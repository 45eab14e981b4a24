// What every benchmark prints the same way (issue 48): the machine and backend it ran on, each
// figure beside its goal, and refusals apart from the figures. A bench compares pairs measured in
// the same run; a figure that counts refused requests is no figure, so `ratioOrRefusals` prints no
// ratio when either side was refused anything.
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';

/** One line saying what the figures below were measured on. */
function machineLine(backend: string): string {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  const load = loadavg().map((value) => value.toFixed(2)).join(' ');
  return `Ran on: ${availableParallelism()} cores (${model}), Node ${process.version}, ${backend}, temporary files in ${tmpdir()}, load average ${load} at the start.`;
}

export function printMachine(backend: string): void {
  console.log(machineLine(backend));
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export type Goal = { readonly at: 'most' | 'least'; readonly value: number; readonly unit?: string };

/** "met" or "NOT met" for a figure against its goal. */
export function verdict(value: number, goal: Goal): string {
  if (!Number.isFinite(value)) return 'no figure';
  const met = goal.at === 'most' ? value <= goal.value : value >= goal.value;
  return met ? 'met' : 'NOT met';
}

/** "1.27× (goal: at most 1.2×, NOT met)" */
export function besideGoal(value: number, goal: Goal, digits = 2): string {
  const unit = goal.unit ?? '×';
  return `${fmt(value, digits)}${unit} (goal: at ${goal.at} ${fmt(goal.value, digits)}${unit}, ${verdict(value, goal)})`;
}

/**
 * The ratio of two throughputs or costs measured in the same run, or why there is none: a side
 * that was refused any request (HTTP 429, an error) is not a figure, and neither is its ratio.
 */
export function ratioOrRefusals(
  numerator: { value: number; refused: number; label: string },
  denominator: { value: number; refused: number; label: string },
  goal?: Goal,
): string {
  const refused = [numerator, denominator].filter((side) => side.refused > 0);
  if (refused.length > 0) {
    return `no ratio: ${refused.map((side) => `${side.label} had ${fmt(side.refused)} refused or failed`).join(', ')}; run with fewer scanners or a shorter run`;
  }
  const ratio = numerator.value / denominator.value;
  return goal ? besideGoal(ratio, goal) : `${fmt(ratio, 2)}×`;
}
