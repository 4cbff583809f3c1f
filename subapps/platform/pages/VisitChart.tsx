import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** Visits per bucket as bars. */
export function VisitChart({ series, label }: { series: { bucket: string; count: number }[]; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!host.current) return;
    chart.current = echarts.init(host.current);
    const resize = () => chart.current?.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 40 },
      xAxis: { type: 'category', data: series.map((s) => s.bucket) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ name: label, type: 'bar', data: series.map((s) => s.count), itemStyle: { color: '#165dff' } }],
    });
  }, [series, label]);

  return <div ref={host} className="visit-chart" data-testid="visit-chart" />;
}
