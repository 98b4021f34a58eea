// The chart panel: the series of the result under the selected cell, drawn with Chart.js.
// Only the pieces used are registered, to keep the page small.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Title,
  Tooltip,
} from "chart.js";
import type { Series } from "./series";

Chart.register(BarController, BarElement, CategoryScale, Legend, LineController, LineElement, LinearScale, PointElement, Title, Tooltip);

const COLOURS = ["#1a73e8", "#e8710a", "#188038", "#a142f4", "#d93025", "#12b5cb", "#f9ab00"];

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 });

export class ChartPanel {
  private chart: Chart | undefined;
  private shownKey = "";

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly note: HTMLElement,
  ) {}

  /** Draw a series (the same one again, by key, is left as it is), or clear and say how to get one. */
  show(series: Series | undefined, key: string): void {
    // The canvas box takes no room while there is nothing to draw.
    this.canvas.parentElement!.hidden = !series;
    if (!series) {
      this.chart?.destroy();
      this.chart = undefined;
      this.shownKey = "";
      this.note.hidden = false;
      return;
    }
    this.note.hidden = true;
    if (key === this.shownKey && this.chart) return;
    this.shownKey = key;
    this.chart?.destroy();
    this.chart = new Chart(this.canvas, {
      type: series.type,
      data: {
        labels: series.labels,
        datasets: series.datasets.map((d, i) => ({
          ...d,
          borderColor: COLOURS[i % COLOURS.length],
          backgroundColor: COLOURS[i % COLOURS.length],
          pointRadius: series.type === "line" ? 2 : undefined,
          borderWidth: series.type === "line" ? 2 : 0,
        })),
      },
      options: {
        // No animation: a chart that is drawn at once is also one a screenshot can catch.
        animation: false,
        maintainAspectRatio: false,
        plugins: { title: { display: true, text: series.title }, legend: { display: series.datasets.length > 1 } },
        scales: { y: { beginAtZero: series.type === "bar", ticks: { callback: (v) => compact.format(Number(v)) } } },
      },
    });
  }

  /** What is drawn, for the tests: the points (or bars) of each dataset. */
  drawn(): { title: string; labels: string[]; points: number[] } | undefined {
    if (!this.chart) return undefined;
    const chart = this.chart;
    return {
      title: String(chart.options.plugins?.title?.text ?? ""),
      labels: (chart.data.labels ?? []).map(String),
      points: chart.data.datasets.map((_, i) => chart.getDatasetMeta(i).data.length),
    };
  }
}
