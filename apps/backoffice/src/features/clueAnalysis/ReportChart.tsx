// The bar chart of a report, in a module of its own so that the charts load only when one is drawn.
import { BarsChart } from '@bo/ui-kit/charts';
import type { ReportRow } from './api';

export interface ReportChartProps {
  rows: readonly ReportRow[];
  /** One bar per column: its value key and its label. */
  bars: readonly { key: string; name: string }[];
  stacked: boolean;
}

export default function ReportChart({ rows, bars, stacked }: ReportChartProps) {
  return (
    <BarsChart
      data={rows.map((x) => ({ name: x.name, ...x.values }))}
      x="name"
      series={bars}
      stacked={stacked}
      integers
      height={280}
    />
  );
}
