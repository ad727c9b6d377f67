import type { TrendDay } from '@ccms/contracts/work/dashboard';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface TrendChartProps {
  trends: readonly TrendDay[];
  labels: { created: string; resolved: string; closed: string };
}

/** Items created (bars), resolved and closed (lines) per day; its own chunk, loaded by the home page. */
export default function TrendChart({ trends, labels }: TrendChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: 'svg' });
    chart.setOption({
      tooltip: { trigger: 'axis' },
      // The legend above the plot and the grid below it with room for the axis labels (ECharts 6 puts
      // a legend at the bottom by default, over the x axis labels).
      legend: { data: [labels.created, labels.resolved, labels.closed], top: 0, left: 'center' },
      grid: { left: 40, right: 20, top: 44, bottom: 30 },
      xAxis: { type: 'category', data: trends.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: labels.created, type: 'bar', data: trends.map((d) => d.created), itemStyle: { color: '#409EFF' } },
        { name: labels.resolved, type: 'line', smooth: true, data: trends.map((d) => d.resolved), itemStyle: { color: '#67C23A' } },
        { name: labels.closed, type: 'line', smooth: true, data: trends.map((d) => d.closed), itemStyle: { color: '#909399' } },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [trends, labels]);
  return <div ref={box} style={{ width: '100%', height: 300 }} data-testid="trend-chart" />;
}
