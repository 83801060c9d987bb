/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4, what prom-client
 * writes): `# HELP` and `# TYPE` lines, and samples `name{label="value",…} number`. A line
 * that is none of these throws, so a malformed page fails the test that reads it.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** Each metric family's declared type (counter, gauge, histogram, summary, untyped). */
  types: Map<string, string>;
  /** The one sample of `name` whose labels include all of `labels`; throws when not one. */
  value(name: string, labels?: Record<string, string>): number;
  /** Like value(), but 0 when there is no such sample (a series not yet counted). */
  valueOrZero(name: string, labels?: Record<string, string>): number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;

export function parsePrometheus(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    if (line.startsWith('# HELP ')) continue;
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice('# TYPE '.length).split(' ');
      if (!name || !type || !/^(counter|gauge|histogram|summary|untyped)$/.test(type)) {
        throw new Error(`line ${index + 1}: bad TYPE line: ${line}`);
      }
      types.set(name, type);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`line ${index + 1}: not a sample: ${line}`);
    const [, name, labelText = '', valueText] = match;
    const value = parseNumber(valueText!);
    if (value === null) throw new Error(`line ${index + 1}: not a number: ${valueText}`);
    samples.push({ name: name!, labels: parseLabels(labelText, index + 1), value });
  }

  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
  return {
    samples,
    types,
    value(name, labels = {}) {
      const found = matching(name, labels);
      if (found.length !== 1) {
        throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
      }
      return found[0]!.value;
    },
    valueOrZero(name, labels = {}) {
      const found = matching(name, labels);
      if (found.length > 1) {
        throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
      }
      return found[0]?.value ?? 0;
    },
  };
}

/** A float as Prometheus (Go's ParseFloat) reads one: NaN and ±Inf in any case. */
function parseNumber(text: string): number | null {
  const lower = text.toLowerCase();
  if (lower === 'nan') return NaN;
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  const value = Number(text);
  return text.trim() === '' || Number.isNaN(value) ? null : value;
}

function parseLabels(text: string, lineNumber: number): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`line ${lineNumber}: bad labels: {${text}}`);
    const [, key, raw] = match;
    labels[key!] = raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return labels;
}
