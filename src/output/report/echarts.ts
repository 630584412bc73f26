/**
 * ECharts as the report's charts use it (charts.ts): its core, the SVG renderer, and
 * the series types and components of their options, registered once. Imported by
 * name, not whole (`echarts`), so that the build bundles these parts alone, a
 * tenth of the library; charts.test.ts fails when a chart needs a part left out here.
 */
import { BarChart, LineChart, ScatterChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, MarkLineComponent, TitleComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';

// LabelLayout applies a series' labelLayout (the portfolio scatter's names, placed by labels.ts): the core ignores it.
use([SVGRenderer, BarChart, LineChart, ScatterChart, AriaComponent, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, LabelLayout]);

export { init };
