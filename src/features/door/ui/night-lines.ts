// The night's figures as the charts and their tables take them: one line per door, members and
// guests, each told apart by its dash and marker as well as its colour (WCAG 1.4.1). No uPlot
// here: the tables and the legend render without it.
import { COLORS } from '@/styles/tokens';
import type { NightFigures } from '../night';

export interface NightLine {
  label: string;
  color: string;
  /** Canvas dash pattern; empty is solid. */
  dash: number[];
  /** Points drawn on the line: a circle at each step, or none. */
  points: boolean;
}

/** Light colours on the dark surface (each above 7:1), dashes and markers set apart in turn. */
const LOOKS: Omit<NightLine, 'label'>[] = [
  { color: COLORS.primary, dash: [], points: true },
  { color: COLORS.success, dash: [8, 4], points: false },
  { color: COLORS.danger, dash: [2, 4], points: true },
  { color: COLORS.textMuted, dash: [12, 4, 2, 4], points: false },
];

export const lineLook = (index: number) => LOOKS[index % LOOKS.length]!;

const STEP_SECONDS = (steps: Date[]) => (steps.length > 1 ? (steps[1]!.getTime() - steps[0]!.getTime()) / 1000 : 15 * 60);

/**
 * Arrivals per door, drawn as steps: a door's count holds across its 15 minutes, so the x values
 * are the steps' starts and one more (the last step's end) repeating the last counts.
 */
export function arrivalsData(night: Pick<NightFigures, 'steps' | 'arrivals'>): { x: number[]; series: number[][] } {
  const x = night.steps.map((start) => start.getTime() / 1000);
  if (x.length) x.push(x.at(-1)! + STEP_SECONDS(night.steps));
  return { x, series: night.arrivals.map(({ people }) => (people.length ? [...people, people.at(-1)!] : [])) };
}

/** Inside at each step's end: the x values are the steps' ends. */
export function insideData(night: Pick<NightFigures, 'steps' | 'inside'>): { x: number[]; series: number[][] } {
  const step = STEP_SECONDS(night.steps);
  return { x: night.steps.map((start) => start.getTime() / 1000 + step), series: [night.inside.members, night.inside.guests] };
}

/** The steps' ends (an inside count is at the end of its step). */
export function stepEnd(steps: Date[], index: number): Date {
  return new Date(steps[index]!.getTime() + STEP_SECONDS(steps) * 1000);
}
