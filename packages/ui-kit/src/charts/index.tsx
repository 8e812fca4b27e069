// The charts of every screen, on recharts: one set-up (grid, axes, tooltip, legend, palette, no
// animation under automation) instead of one per screen. A subpath of its own (`@bo/ui-kit/charts`) so
// that recharts is downloaded only by the screens that draw a chart, never with the kit's other parts.
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** The palette, in the order series take it. */
export const CHART_COLORS = ['#3b6fd8', '#22a06b', '#e2a03f', '#d6455d', '#7c5cd6', '#2aa3b8'] as const;
export const chartColor = (i: number): string => CHART_COLORS[i % CHART_COLORS.length] ?? CHART_COLORS[0];

/** Charts stand still under automation: e2e runs and screenshots are stable without animation. */
const animate = typeof navigator === 'undefined' ? false : !navigator.webdriver;

/** One series of a chart: the row field it reads and the name its legend and tooltip show. */
export interface ChartSeries {
  key: string;
  name: string;
  color?: string;
}

type Row = Record<string, unknown>;

/** The chart's box: full width, `height` px, sized for recharts' responsive container. */
function Frame({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div style={{ width: '100%', height }}>
      <ResponsiveContainer>{children}</ResponsiveContainer>
    </div>
  );
}

export interface BarsChartProps {
  data: readonly Row[];
  /** The row field along the x axis (a category or a month). */
  x: string;
  series: readonly ChartSeries[];
  /** Series stacked in one bar per category instead of side by side. */
  stacked?: boolean;
  /** Whole numbers only on the y axis (counts). */
  integers?: boolean;
  legend?: boolean;
  height?: number;
  /**
   * Bars as buttons: a click, Enter or Space on the bar of row `i` calls `onPick(i)`; `pickLabel(i)`
   * names the button (its category and value), so it is found and used like every other control.
   */
  onPick?: (index: number) => void;
  pickLabel?: (index: number) => string;
}

export function BarsChart({
  data,
  x,
  series,
  stacked = false,
  integers = false,
  legend = true,
  height = 260,
  onPick,
  pickLabel,
}: BarsChartProps) {
  const pickable = (p: BarShapeProps) => {
    const pick = () => onPick?.(p.index);
    return (
      <g
        role="button"
        tabIndex={0}
        aria-label={pickLabel?.(p.index) ?? ''}
        onClick={pick}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          pick();
        }}
      >
        <Rectangle x={p.x} y={p.y} width={p.width} height={p.height} fill={p.fill} />
      </g>
    );
  };
  return (
    <Frame height={height}>
      <BarChart data={[...data]}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={x} />
        <YAxis allowDecimals={!integers} />
        <Tooltip />
        {legend && <Legend />}
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.name}
            fill={s.color ?? chartColor(i)}
            stackId={stacked ? 'stack' : undefined}
            isAnimationActive={animate}
            cursor={onPick ? 'pointer' : undefined}
            {...(onPick ? { shape: pickable } : {})}
          />
        ))}
      </BarChart>
    </Frame>
  );
}

export interface LinesChartProps {
  data: readonly Row[];
  x: string;
  series: readonly ChartSeries[];
  integers?: boolean;
  /** The y axis' fixed range (e.g. a score of 0–100); by default it follows the data. */
  yDomain?: [number, number];
  legend?: boolean;
  height?: number;
}

export function LinesChart({
  data,
  x,
  series,
  integers = false,
  yDomain,
  legend = true,
  height = 260,
}: LinesChartProps) {
  return (
    <Frame height={height}>
      <LineChart data={[...data]}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={x} />
        <YAxis allowDecimals={!integers} {...(yDomain ? { domain: yDomain } : {})} />
        <Tooltip />
        {legend && <Legend />}
        {series.map((s, i) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.name}
            stroke={s.color ?? chartColor(i)}
            isAnimationActive={animate}
          />
        ))}
      </LineChart>
    </Frame>
  );
}

export interface ShareChartProps {
  /** One slice per row, in palette order; rows of no value are the caller's to leave out. */
  data: readonly { name: string; value: number }[];
  height?: number;
}

/** A pie of shares, each slice labelled with its value, the legend naming them. */
export function ShareChart({ data, height = 260 }: ShareChartProps) {
  return (
    <Frame height={height}>
      <PieChart>
        <Pie
          data={[...data]}
          dataKey="value"
          nameKey="name"
          outerRadius={90}
          isAnimationActive={animate}
          label
        >
          {data.map((r, i) => (
            <Cell key={r.name} fill={chartColor(i)} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </Frame>
  );
}
