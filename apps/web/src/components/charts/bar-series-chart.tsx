import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { brlTick, brlValue } from './chart-format'

/*
 * The one chart primitive of the app (recharts): bars for one or more series of centavos, by
 * category or by period. Reused by /relatorios and /analise.
 *
 * Accessibility: the chart is a picture of numbers the page ALSO shows in a table (WCAG 1.1.1),
 * so it is hidden from assistive technology and takes no focus (recharts' keyboard layer off);
 * the wrapping ChartFrame says in words what it shows.
 */

export type ChartSeries<Key extends string> = {
  key: Key
  label: string
  color: string
}

export type BarSeriesChartProps<Key extends string> = {
  data: ReadonlyArray<Record<Key, number> & { label: string }>
  series: ReadonlyArray<ChartSeries<Key>>
  /** 'horizontal' bars grow to the right (categories); 'vertical' columns (days, months). */
  orientation?: 'horizontal' | 'vertical'
  height?: number
  /** Stack the series in one bar instead of side by side. */
  stacked?: boolean
}

export function BarSeriesChart<Key extends string>({
  data,
  series,
  orientation = 'vertical',
  height = 280,
  stacked = false,
}: BarSeriesChartProps<Key>) {
  const horizontal = orientation === 'horizontal'
  return (
    <div aria-hidden="true" style={{ width: '100%', height }} data-testid="bar-series-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={[...data]}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: 12, bottom: 4, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={!horizontal} vertical={horizontal} />
          {horizontal ? (
            <>
              <XAxis type="number" tickFormatter={brlTick} fontSize={12} />
              <YAxis type="category" dataKey="label" width={110} fontSize={12} />
            </>
          ) : (
            <>
              <XAxis dataKey="label" fontSize={12} interval="preserveStartEnd" minTickGap={8} />
              <YAxis tickFormatter={brlTick} width={72} fontSize={12} />
            </>
          )}
          <Tooltip formatter={(value) => brlValue(Number(value))} cursor={{ fillOpacity: 0.15 }} />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
              isAnimationActive={false}
              {...(stacked ? { stackId: 'total' } : {})}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
