// The bar chart of a report, in a module of its own so that recharts loads only when one is drawn.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportRow } from './api';

const COLORS = ['#3b6fd8', '#22a06b', '#e2a03f', '#d6455d', '#7c5cd6', '#2aa3b8'];
/** Charts still: e2e runs and screenshots are stable without animation. */
const animate = typeof navigator === 'undefined' ? false : !navigator.webdriver;

export interface ReportChartProps {
  rows: readonly ReportRow[];
  /** One bar per column: its value key and its label. */
  bars: readonly { key: string; name: string }[];
  stacked: boolean;
}

export default function ReportChart({ rows, bars, stacked }: ReportChartProps) {
  return (
    <ResponsiveContainer>
      <BarChart data={rows.map((x) => ({ name: x.name, ...x.values }))}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {bars.map((b, i) => (
          <Bar
            key={b.key}
            dataKey={b.key}
            name={b.name}
            fill={COLORS[i % COLORS.length]}
            stackId={stacked ? 'a' : undefined}
            isAnimationActive={animate}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
