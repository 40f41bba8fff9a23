// The parser has no types of its own; the tests read what they need of its answer (metrics.test.ts).
declare module 'parse-prometheus-text-format' {
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
