// Reads GET /metrics as Prometheus would: the text format parsed by parse-prometheus-text-format, samples looked up by name and labels.
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';

export interface Scrape {
  readonly families: readonly PrometheusFamily[];
  /** The family's type, or undefined when the scrape has no such family. */
  type(name: string): PrometheusFamily['type'] | undefined;
  /** The sample whose labels include `labels`; undefined when none has them. */
  sample(name: string, labels?: Readonly<Record<string, string>>): PrometheusSample | undefined;
  /** A counter's or gauge's value (0 when the sample is absent: a counter not yet incremented has none). */
  value(name: string, labels?: Readonly<Record<string, string>>): number;
}

export async function scrapeMetrics(baseUrl: string): Promise<Scrape> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  if (!(response.headers.get('content-type') ?? '').startsWith('text/plain; version=0.0.4')) throw new Error(`GET /metrics content-type ${response.headers.get('content-type')}`);
  const families = parsePrometheusTextFormat(await response.text());
  const sample = (name: string, labels: Readonly<Record<string, string>> = {}): PrometheusSample | undefined =>
    families.find((family) => family.name === name)?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value));
  return {
    families,
    type: (name) => families.find((family) => family.name === name)?.type,
    sample,
    value: (name, labels) => Number(sample(name, labels)?.value ?? 0),
  };
}
