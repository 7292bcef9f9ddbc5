export { BarSeriesChart, type BarSeriesChartProps, type ChartSeries } from './bar-series-chart'
export { ChartFrame } from './chart-frame'
export { brlTick, brlValue, CHART_COLORS } from './chart-format'
