/** One sample of a Prometheus text exposition: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments and blank lines skipped). */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample named `name` whose labels include `labels`, or undefined when there is none. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  return parsePrometheus(text).find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  )?.value;
}
