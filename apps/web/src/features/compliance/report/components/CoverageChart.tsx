import type { Totals } from '@ccms/contracts/compliance/compliance-report';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([PieChart, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

const COLORS = { covered: '#52c41a', partial: '#faad14', notCovered: '#ff4d4f', notApplicable: '#bfbfbf' };

/** Clauses per verdict as a ring, the coverage in its middle; its own chunk, loaded by the report screen. */
export default function CoverageChart({
  totals,
  labels,
  coverageLabel,
}: {
  totals: Totals;
  labels: Record<keyof typeof COLORS, string>;
  coverageLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = echarts.init(el);
    chart.setOption({
      title: { text: `${totals.coverage}%`, subtext: coverageLabel, left: 'center', top: '38%' },
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          label: { show: false },
          data: (Object.keys(COLORS) as (keyof typeof COLORS)[]).map((k) => ({ name: labels[k], value: totals[k], itemStyle: { color: COLORS[k] } })),
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [totals, labels, coverageLabel]);
  return <div ref={box} style={{ width: 320, height: 260 }} data-testid="coverage-chart" />;
}
