import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/esm/core';

// Only the chart types these pages draw are registered: the analytics chunk stays small, and it is reached
// through the analytics pages' lazy imports only, never from the login page.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export function Chart({
  option,
  height = 280,
  testId,
}: {
  option: EChartsOption;
  height?: number;
  testId?: string;
}) {
  return (
    // The canvas is sized when it mounts; a container that narrows afterwards must clip it until the resize
    // observer redraws, or the page scrolls sideways.
    <div data-testid={testId} style={{ width: '100%', minWidth: 0, overflow: 'hidden' }}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />
    </div>
  );
}
