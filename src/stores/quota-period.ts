// The quota's period: the UTC calendar month of an instant, `YYYY-MM` (decision 0004).

export function quotaPeriod(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}
